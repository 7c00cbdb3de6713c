// The payment transaction, built lean so its deep link stays under ~1,500 characters (longer links are cut by some phones):
// a legacy message of System transfers from the payer, nothing else. Loaded lazily with web3.js.
import { PublicKey, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import bs58 from 'bs58'
import nacl from 'tweetnacl'

export interface TransferLeg {
  to: string
  lamports: bigint
}

export const WRONG_TRANSACTION = 'The wallet returned a different transaction. Nothing was sent.'

/** One unsigned transaction with a System transfer per leg (donation and tip succeed or fail together). */
export function buildTransfer(payer: string, legs: TransferLeg[], blockhash: string): Uint8Array {
  const from = new PublicKey(payer)
  const message = new TransactionMessage({
    payerKey: from,
    recentBlockhash: blockhash,
    instructions: legs.map((leg) =>
      SystemProgram.transfer({ fromPubkey: from, toPubkey: new PublicKey(leg.to), lamports: leg.lamports }),
    ),
  }).compileToLegacyMessage()
  return new VersionedTransaction(message).serialize()
}

function transfersOf(transaction: VersionedTransaction): { from: string; to: string; lamports: bigint }[] {
  const keys = transaction.message.staticAccountKeys.map((key) => key.toBase58())
  const system = SystemProgram.programId.toBase58()
  return transaction.message.compiledInstructions.flatMap((instruction) => {
    const { data } = instruction
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    // SystemInstruction::Transfer: u32 index 2, then u64 lamports, little-endian.
    if (keys[instruction.programIdIndex] !== system || data.length < 12 || view.getUint32(0, true) !== 2)
      return []
    const [from, to] = instruction.accountKeyIndexes.map((index) => keys[index] ?? '')
    return [{ from: from ?? '', to: to ?? '', lamports: view.getBigUint64(4, true) }]
  })
}

/**
 * Checks what the wallet signed: the payer's valid signature, and every one of our transfers in it (a wallet may
 * add instructions such as a priority fee). Returns the transaction's signature (its id), base58.
 */
export function checkSigned(signed: Uint8Array, payer: string, legs: TransferLeg[]): string {
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
  const moved = transfersOf(transaction)
  const complete = legs.every((leg) =>
    moved.some((t) => t.from === payer && t.to === leg.to && t.lamports === leg.lamports),
  )
  if (!valid || !complete) throw new Error(WRONG_TRANSACTION)
  return bs58.encode(signature)
}
