// The payment transaction, built lean so its deep link stays under ~1,500 characters (longer links are cut by some
// phones): a legacy message from the payer with nothing but the transfers. SOL: one System transfer per leg; USDC:
// the gift of api-contract/usdc-gift.ts (usdc-transaction.ts). Loaded lazily with web3.js.
import { PublicKey, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import type { TransactionInstruction } from '@solana/web3.js'
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import type { LedgerRpc } from '../lib/ledger-rpc'
import { buildUsdcGift, expectedUsdcMoves, usdcMovesOf } from './usdc-transaction'

export interface TransferLeg {
  to: string
  /** base units of the payment's currency (lamports, micro-USDC) */
  amount: bigint
}

/** What one payment moves: SOL legs, or a USDC gift (to the recipient) with its tip (to the platform). */
export type Transfer =
  | { currency: 'SOL'; legs: TransferLeg[] }
  | { currency: 'USDC'; mint: string; decimals: number; gift: TransferLeg; tip: TransferLeg }

/** One value moved by an instruction: `from` is the wallet that authorised it, `to` the account credited. */
export interface Move {
  from: string
  to: string
  amount: bigint
}

export const WRONG_TRANSACTION = 'The wallet returned a different transaction. Nothing was sent.'

const legsOf = (transfer: Transfer) =>
  (transfer.currency === 'SOL' ? transfer.legs : [transfer.gift, transfer.tip]).filter(
    (leg) => leg.amount > 0n,
  )

/** One unsigned legacy transaction: every leg succeeds or fails together. */
export async function buildPayment(
  rpc: LedgerRpc,
  payer: string,
  transfer: Transfer,
  blockhash: string,
): Promise<Uint8Array> {
  const from = new PublicKey(payer)
  const instructions: TransactionInstruction[] =
    transfer.currency === 'SOL'
      ? legsOf(transfer).map((leg) =>
          SystemProgram.transfer({ fromPubkey: from, toPubkey: new PublicKey(leg.to), lamports: leg.amount }),
        )
      : await buildUsdcGift(rpc, from, transfer)
  const message = new TransactionMessage({ payerKey: from, recentBlockhash: blockhash, instructions })
  return new VersionedTransaction(message.compileToLegacyMessage()).serialize()
}

function systemMovesOf(transaction: VersionedTransaction): Move[] {
  const keys = transaction.message.staticAccountKeys.map((key) => key.toBase58())
  const system = SystemProgram.programId.toBase58()
  return transaction.message.compiledInstructions.flatMap((instruction) => {
    const { data } = instruction
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    // SystemInstruction::Transfer: u32 index 2, then u64 lamports, little-endian.
    if (keys[instruction.programIdIndex] !== system || data.length < 12 || view.getUint32(0, true) !== 2)
      return []
    const [from, to] = instruction.accountKeyIndexes.map((index) => keys[index] ?? '')
    return [{ from: from ?? '', to: to ?? '', amount: view.getBigUint64(4, true) }]
  })
}

/**
 * Checks what the wallet signed: the payer's valid signature, and every one of our transfers in it (a wallet may
 * add instructions such as a priority fee). Returns the transaction's signature (its id), base58.
 */
export function checkSigned(signed: Uint8Array, payer: string, transfer: Transfer): string {
  let transaction: VersionedTransaction
  try {
    transaction = VersionedTransaction.deserialize(signed)
  } catch {
    throw new Error(WRONG_TRANSACTION)
  }
  const signerIndex = transaction.message.staticAccountKeys.findIndex((key) => key.toBase58() === payer)
  const signature = transaction.signatures[signerIndex]
  const valid =
    signerIndex === 0 &&
    signature !== undefined &&
    nacl.sign.detached.verify(transaction.message.serialize(), signature, bs58.decode(payer))
  const [moved, expected] =
    transfer.currency === 'SOL'
      ? [systemMovesOf(transaction), legsOf(transfer)]
      : [usdcMovesOf(transaction, transfer), expectedUsdcMoves(legsOf(transfer), transfer.mint)]
  const complete = expected.every((leg) =>
    moved.some((t) => t.from === payer && t.to === leg.to && t.amount === leg.amount),
  )
  if (!valid || !complete) throw new Error(WRONG_TRANSACTION)
  return bs58.encode(signature)
}
