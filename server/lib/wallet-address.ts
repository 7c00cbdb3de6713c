import { PublicKey } from '@solana/web3.js'

/** A base58 Ed25519 public key in its canonical spelling (on the curve: a wallet, not a program address). */
export function isWalletAddress(value: string): boolean {
  try {
    return PublicKey.isOnCurve(new PublicKey(value).toBytes()) && new PublicKey(value).toBase58() === value
  } catch {
    return false
  }
}

/** The first `head` and the last 4 characters of an address, as the PWA shortens it (src/lib/address.ts). */
export const shortAddress = (address: string, head = 6) =>
  address.length > head + 4 ? `${address.slice(0, head)}…${address.slice(-4)}` : address
