import bs58 from 'bs58'
import nacl from 'tweetnacl'
import { SYSTEM_PROGRAM } from './chain-state'

const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111'

/** Largest airdrop per request, like the public faucets' cap. */
export const AIRDROP_CAP_LAMPORTS = 10n * 1_000_000_000n

/**
 * A signed legacy System transfer from the faucet, so an airdrop is an ordinary transaction with a full record.
 * @see https://solana.com/docs/core/transactions#transaction-structure
 */
export function faucetTransfer(
  secret: Uint8Array,
  to: string,
  lamports: bigint,
  blockhash: string,
  nonce: number,
): Uint8Array {
  const from = secret.subarray(32)
  const toKey = bs58.decode(to)
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, 2, true) // SystemInstruction::Transfer
  view.setBigUint64(4, lamports, true)
  // A SetComputeUnitLimit with a varying limit makes two equal airdrops in one slot distinct transactions.
  const limit = new Uint8Array(5)
  limit[0] = 2
  new DataView(limit.buffer).setUint32(1, 10_000 + (nonce % 100_000), true)
  // prettier-ignore
  const message = Uint8Array.from([
    1, 0, 2, // header: 1 signer, 0 read-only signed, 2 read-only unsigned (the two programs)
    4, ...from, ...toKey, ...bs58.decode(SYSTEM_PROGRAM), ...bs58.decode(COMPUTE_BUDGET),
    ...bs58.decode(blockhash),
    2,
    2, 2, 0, 1, data.length, ...data,
    3, 0, limit.length, ...limit,
  ])
  const signature = nacl.sign.detached(message, secret)
  return Uint8Array.from([1, ...signature, ...message])
}
