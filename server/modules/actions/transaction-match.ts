// Does a transaction pay an Action reference, or merely mention it? Anyone can add any key to a transaction
// (a reference is only an extra read-only account key), so the reference only counts as a key of a System transfer from the
// reference's payer, who signed, to the reference's recipient. Pure: reads getTransaction's `json` encoding.
import bs58 from 'bs58'

const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const TRANSFER = 2 // System instruction index of Transfer

export interface CompiledIx {
  programIdIndex: number
  accounts: number[]
  data: string
}

/** The parts of a `json`-encoded getTransaction result read here. */
export interface JsonTx {
  slot: number
  meta: { err: unknown; loadedAddresses?: { writable: string[]; readonly: string[] } | null } | null
  transaction: {
    message: {
      accountKeys: string[]
      header: { numRequiredSignatures: number }
      instructions: CompiledIx[]
    }
  }
}

export interface OpenReference {
  reference: string
  payerWallet: string
  recipientWallet: string
}

/** Every account key the transaction names: static keys, then those loaded from lookup tables. */
export function accountKeysOf(tx: JsonTx): string[] {
  const loaded = tx.meta?.loadedAddresses
  return [...tx.transaction.message.accountKeys, ...(loaded?.writable ?? []), ...(loaded?.readonly ?? [])]
}

function isTransfer(data: string): boolean {
  try {
    const bytes = bs58.decode(data)
    return bytes.length === 12 && new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true) === TRANSFER
  } catch {
    return false
  }
}

/**
 * True when a top-level System transfer of the (successful) transaction goes from the reference's payer, a
 * signer, to its recipient and carries the reference among its extra keys. How much it moved is the verifier's
 * question, not this one's.
 */
export function paysReference(tx: JsonTx, ref: OpenReference): boolean {
  if (!tx.meta || tx.meta.err !== null) return false
  const keys = accountKeysOf(tx)
  const signers = tx.transaction.message.header.numRequiredSignatures
  return tx.transaction.message.instructions.some((ix) => {
    if (keys[ix.programIdIndex] !== SYSTEM_PROGRAM || !isTransfer(ix.data)) return false
    const [from, to, ...extra] = ix.accounts
    if (from === undefined || to === undefined || from >= signers) return false
    return (
      keys[from] === ref.payerWallet &&
      keys[to] === ref.recipientWallet &&
      extra.some((i) => keys[i] === ref.reference)
    )
  })
}
