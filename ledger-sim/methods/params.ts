import bs58 from 'bs58'
import type { ChainState } from '../chain-state'
import { RpcError, invalidParams } from '../errors'
import type { Commitment } from '../records'

export type Params = unknown[]

/** The config object a method takes in position `i` (or an empty one). */
export function config(params: Params, i: number): Record<string, unknown> {
  const c = params[i]
  if (c === undefined || c === null) return {}
  if (typeof c !== 'object' || Array.isArray(c))
    throw invalidParams(`Invalid params: invalid type: expected struct at position ${i}`)
  return c as Record<string, unknown>
}

/** A base58 string of `size` bytes, refused with a node's messages; `notText` when it is not a string at all. */
function base58Of(v: unknown, size: number, notText: string): string {
  if (typeof v !== 'string') throw invalidParams(notText)
  let bytes: Uint8Array
  try {
    bytes = bs58.decode(v)
  } catch {
    throw invalidParams('Invalid param: Invalid')
  }
  if (bytes.length !== size) throw invalidParams('Invalid param: WrongSize')
  return v
}

/** The public key (32 bytes) a method takes in position `i`. */
export const pubkey = (params: Params, i: number): string =>
  base58Of(params[i], 32, 'Invalid params: missing or invalid public key')

/** A transaction signature (64 bytes). */
export const signature = (v: unknown): string => base58Of(v, 64, 'Invalid param: Invalid')

export function commitment(c: Record<string, unknown>): Commitment | undefined {
  const v = c.commitment
  if (v === undefined) return undefined
  if (v === 'processed' || v === 'confirmed' || v === 'finalized') return v
  if (v === 'recent' || v === 'single' || v === 'singleGossip') return 'processed'
  if (v === 'max' || v === 'root') return 'finalized'
  throw invalidParams(`Invalid params: unknown variant \`${String(v)}\``)
}

/** Decodes a wire transaction in the encoding the client said (base58 is the RPC default). */
export function wireBytes(v: unknown, encoding: unknown): Uint8Array {
  if (typeof v !== 'string')
    throw invalidParams('Invalid params: invalid type: expected a string transaction')
  if (encoding === 'base64') return Buffer.from(v, 'base64')
  if (encoding === undefined || encoding === 'base58') {
    try {
      return bs58.decode(v)
    } catch {
      throw invalidParams('invalid base58 encoding: InvalidCharacter')
    }
  }
  throw invalidParams(
    `Invalid params: unsupported encoding: ${String(encoding)}. Supported encodings: base58, base64`,
  )
}

/** Refuses to answer from a slot older than the caller's `minContextSlot` (as a lagging node does). */
export function minContextSlot(chain: ChainState, c: Record<string, unknown>): void {
  const min = c.minContextSlot
  if (min === undefined || min === null) return
  if (typeof min !== 'number' || !Number.isInteger(min) || min < 0)
    throw invalidParams('Invalid params: minContextSlot')
  if (chain.slot < min)
    throw new RpcError(-32016, 'Minimum context slot has not been reached', { contextSlot: chain.slot })
}
