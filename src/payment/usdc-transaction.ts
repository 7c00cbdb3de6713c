// A USDC donation's instructions and how to read them back from what a wallet signed. The gift is the one the
// server's Action builds (api-contract/usdc-gift.ts): the recipient's associated USDC account opened first when
// the chain shows none (the donor pays its rent), the tip's TransferChecked to the platform, then the gift's.
// Loaded lazily with web3.js (never on the first screen).
import { PublicKey, type TransactionInstruction, type VersionedTransaction } from '@solana/web3.js'
import {
  associatedTokenAddress,
  decodeTransferChecked,
  TOKEN_PROGRAM_ID,
  usdcGiftInstructions,
} from '../../api-contract/usdc-gift'
import type { LedgerRpc } from '../lib/ledger-rpc'
import { PaymentError, USDC_TEXT } from './payment-errors'
import type { Move, TransferLeg } from './transfer-transaction'

export interface UsdcTransfer {
  mint: string
  decimals: number
  gift: TransferLeg
  tip: TransferLeg
}

/** An SPL token account's size: what its rent-exempt minimum is asked for. */
const TOKEN_ACCOUNT_BYTES = 165

/** The owner's associated USDC account, base58. */
export const usdcAccountOf = (owner: string, mint: string) =>
  associatedTokenAddress(new PublicKey(owner), new PublicKey(mint)).toBase58()

/**
 * What a gift to `owner` costs in SOL beyond the fee: the rent of its USDC account when it has none yet (the donor
 * opens it), else 0n.
 */
export async function usdcAccountRent(rpc: LedgerRpc, owner: string, mint: string): Promise<bigint> {
  if (await rpc.accountExists(usdcAccountOf(owner, mint))) return 0n
  return rpc.rentExemption(TOKEN_ACCOUNT_BYTES)
}

export async function buildUsdcGift(
  rpc: LedgerRpc,
  donor: PublicKey,
  transfer: UsdcTransfer,
): Promise<TransactionInstruction[]> {
  // A donor without a USDC account has nothing to give: said plainly, before the node's "invalid account data".
  const [rent, hasUsdc] = await Promise.all([
    usdcAccountRent(rpc, transfer.gift.to, transfer.mint),
    rpc.accountExists(usdcAccountOf(donor.toBase58(), transfer.mint)),
  ])
  if (!hasUsdc) throw new PaymentError('send', USDC_TEXT.noAccount)
  return usdcGiftInstructions({
    donor,
    recipient: new PublicKey(transfer.gift.to),
    platform: new PublicKey(transfer.tip.to),
    mint: new PublicKey(transfer.mint),
    decimals: transfer.decimals,
    amount: transfer.gift.amount,
    tip: transfer.tip.amount,
    openRecipientAccount: rent > 0n,
  })
}

/** The legs as the moves they must be: into each recipient's associated USDC account. */
export const expectedUsdcMoves = (legs: TransferLeg[], mint: string): TransferLeg[] =>
  legs.map((leg) => ({ to: usdcAccountOf(leg.to, mint), amount: leg.amount }))

/**
 * The classic Token program's TransferChecked instructions of the mint with its decimals, each from the
 * authority's own associated account (a Token-2022 look-alike or another mint moves nothing here).
 */
export function usdcMovesOf(transaction: VersionedTransaction, transfer: UsdcTransfer): Move[] {
  const keys = transaction.message.staticAccountKeys.map((key) => key.toBase58())
  const token = TOKEN_PROGRAM_ID.toBase58()
  return transaction.message.compiledInstructions.flatMap((instruction) => {
    const decoded = decodeTransferChecked(instruction.data)
    if (keys[instruction.programIdIndex] !== token || decoded?.decimals !== transfer.decimals) return []
    const [source, mint, destination, authority] = instruction.accountKeyIndexes.map((index) => keys[index])
    if (!source || !destination || !authority || mint !== transfer.mint) return []
    if (source !== usdcAccountOf(authority, transfer.mint)) return []
    return [{ from: authority, to: destination, amount: decoded.amount }]
  })
}
