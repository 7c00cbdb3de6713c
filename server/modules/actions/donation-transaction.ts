// The transaction a donor's wallet signs: legacy format for the widest wallet support, fee payer = the donor's
// account, a fresh `confirmed` blockhash, no signatures. SOL: System transfers; USDC: the gift of
// api-contract/usdc-gift.ts.
import { PublicKey, SystemProgram, Transaction, type TransactionInstruction } from '@solana/web3.js'
import { associatedTokenAddress, USDC_DECIMALS, usdcGiftInstructions } from '../../../api-contract/usdc-gift'
import { LedgerUnavailable, type RpcCall } from '../../chain/rpc-client'
import type { Chain } from '../../connect-chain'
import type { DonationChoice } from './donation-choice'

export interface DonationParties {
  account: PublicKey
  recipient: PublicKey
  platform: PublicKey
  choice: Pick<DonationChoice, 'currency' | 'amount' | 'tip'>
  reference: PublicKey
  watchKey: PublicKey
}

interface Latest {
  value: { blockhash: string; lastValidBlockHeight: number }
}

const latestCall: RpcCall = ['getLatestBlockhash', [{ commitment: 'confirmed' }]]

/**
 * SOL: the tip transfer (when chosen) then the donation transfer, last as Solana Pay places it, carrying the
 * reference and the watch key as read-only, non-signer keys.
 */
function solInstructions(p: DonationParties): TransactionInstruction[] {
  const { account, choice } = p
  const donation = SystemProgram.transfer({
    fromPubkey: account,
    toPubkey: p.recipient,
    lamports: choice.amount,
  })
  donation.keys.push(
    { pubkey: p.reference, isSigner: false, isWritable: false },
    { pubkey: p.watchKey, isSigner: false, isWritable: false },
  )
  const tip = SystemProgram.transfer({ fromPubkey: account, toPubkey: p.platform, lamports: choice.tip })
  return choice.tip > 0n ? [tip, donation] : [donation]
}

/**
 * USDC: the recipient's USDC account opened first when the chain shows none (the donor pays its rent), the tip,
 * then the donation's TransferChecked carrying the reference and the watch key. The blockhash and the account's
 * existence are asked in one round trip.
 */
async function usdcInstructions(chain: Chain, p: DonationParties) {
  if (!chain.usdcMint) throw new LedgerUnavailable('no ledger is configured')
  const mint = new PublicKey(chain.usdcMint)
  const account = associatedTokenAddress(p.recipient, mint).toBase58()
  const [latest, info] = await chain.rpc.batch([
    latestCall,
    ['getAccountInfo', [account, { encoding: 'base64', commitment: 'confirmed' }]],
  ])
  if (!latest?.ok) throw latest?.error ?? new LedgerUnavailable('no answer for getLatestBlockhash')
  if (!info?.ok) throw info?.error ?? new LedgerUnavailable('no answer for getAccountInfo')
  const instructions = usdcGiftInstructions({
    donor: p.account,
    recipient: p.recipient,
    platform: p.platform,
    mint,
    decimals: USDC_DECIMALS,
    amount: p.choice.amount,
    tip: p.choice.tip,
    openRecipientAccount: (info.result as { value: unknown }).value === null,
    references: [p.reference, p.watchKey],
  })
  return { latest: latest.result as Latest, instructions }
}

/** The unsigned donation transaction for the donor's choice, base64. An unreachable ledger throws LedgerUnavailable. */
export async function buildDonation(chain: Chain, p: DonationParties): Promise<string> {
  const { latest, instructions } =
    p.choice.currency === 'USDC'
      ? await usdcInstructions(chain, p)
      : { latest: await chain.rpc.call<Latest>(...latestCall), instructions: solInstructions(p) }
  const tx = new Transaction({ feePayer: p.account, ...latest.value }).add(...instructions)
  return tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64')
}
