// Does a transaction pay an Action reference, or merely mention it? Anyone can add any key to a transaction
// (a reference is only an extra read-only account key), so the reference only counts as a key of a transfer from the
// reference's payer, who signed, to the reference's recipient: a System transfer for SOL, a TransferChecked of the
// USDC mint into the recipient's USDC account for USDC. Pure: reads getTransaction's `json` encoding.
import { PublicKey } from '@solana/web3.js'
import bs58 from 'bs58'
import type { Currency } from '../../../api-contract/common'
import {
  associatedTokenAddress,
  decodeTransferChecked,
  TOKEN_PROGRAM_ID,
} from '../../../api-contract/usdc-gift'

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
  currency: Currency
  payerWallet: string
  recipientWallet: string
}

/** Every account key the transaction names: static keys, then those loaded from lookup tables. */
export function accountKeysOf(tx: JsonTx): string[] {
  const loaded = tx.meta?.loadedAddresses
  return [...tx.transaction.message.accountKeys, ...(loaded?.writable ?? []), ...(loaded?.readonly ?? [])]
}

function bytesOf(data: string): Uint8Array | undefined {
  try {
    return bs58.decode(data)
  } catch {
    return undefined
  }
}

function isTransfer(data: string): boolean {
  const bytes = bytesOf(data)
  return bytes?.length === 12 && new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true) === TRANSFER
}

/** The accounts a reference's transfer must name, in instruction order, and what marks it as that transfer. */
function expectedTransfer(ref: OpenReference, usdcMint: string | undefined) {
  if (ref.currency === 'SOL')
    return {
      program: SYSTEM_PROGRAM,
      isTransfer,
      from: 0,
      named: [
        [0, ref.payerWallet],
        [1, ref.recipientWallet],
      ],
    }
  if (!usdcMint) return undefined
  const mint = new PublicKey(usdcMint)
  const destination = associatedTokenAddress(new PublicKey(ref.recipientWallet), mint).toBase58()
  return {
    program: TOKEN_PROGRAM_ID.toBase58(),
    isTransfer: (data: string) => decodeTransferChecked(bytesOf(data) ?? new Uint8Array()) !== undefined,
    // TransferChecked: source, mint, destination, owner (the signer)
    from: 3,
    named: [
      [1, usdcMint],
      [2, destination],
      [3, ref.payerWallet],
    ],
  }
}

/**
 * True when a top-level transfer of the (successful) transaction goes from the reference's payer, a signer, to its
 * recipient and carries the reference among its extra keys: a System transfer for SOL, a TransferChecked of
 * `usdcMint` into the recipient's USDC account, signed by the payer as owner, for USDC. How much it moved is the
 * verifier's question, not this one's.
 */
export function paysReference(tx: JsonTx, ref: OpenReference, usdcMint?: string): boolean {
  const want = expectedTransfer(ref, usdcMint)
  if (!want || !tx.meta || tx.meta.err !== null) return false
  const keys = accountKeysOf(tx)
  const signers = tx.transaction.message.header.numRequiredSignatures
  const extraFrom = want.named.length
  return tx.transaction.message.instructions.some((ix) => {
    if (keys[ix.programIdIndex] !== want.program || !want.isTransfer(ix.data)) return false
    const signer = ix.accounts[want.from]
    if (signer === undefined || signer >= signers) return false
    return (
      want.named.every(([at, key]) => keys[ix.accounts[at as number]!] === key) &&
      ix.accounts.slice(extraFrom).some((i) => keys[i] === ref.reference)
    )
  })
}
