// The transaction a donor's wallet signs: legacy format for
// the widest wallet support, fee payer = the donor's account, a fresh blockhash, no signatures.
import type { PublicKey } from '@solana/web3.js'
import { SystemProgram, Transaction } from '@solana/web3.js'

export interface DonationTransaction {
  account: PublicKey
  recipient: PublicKey
  lamports: bigint
  platform: PublicKey
  tip: bigint
  reference: PublicKey
  watchKey: PublicKey
  blockhash: string
  lastValidBlockHeight: number
}

/**
 * The tip transfer (when chosen) then the donation transfer, last as Solana Pay places it, carrying the
 * reference and the watch key as read-only, non-signer keys. Returned base64, unsigned.
 */
export function donationTransaction(t: DonationTransaction): string {
  const tx = new Transaction({
    feePayer: t.account,
    blockhash: t.blockhash,
    lastValidBlockHeight: t.lastValidBlockHeight,
  })
  if (t.tip > 0n)
    tx.add(SystemProgram.transfer({ fromPubkey: t.account, toPubkey: t.platform, lamports: t.tip }))
  const donation = SystemProgram.transfer({
    fromPubkey: t.account,
    toPubkey: t.recipient,
    lamports: t.lamports,
  })
  donation.keys.push(
    { pubkey: t.reference, isSigner: false, isWritable: false },
    { pubkey: t.watchKey, isSigner: false, isWritable: false },
  )
  tx.add(donation)
  return tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64')
}
