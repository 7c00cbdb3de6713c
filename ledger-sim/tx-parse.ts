import bs58 from 'bs58'
import { invalidParams } from './errors'

/** A compiled instruction as it sits in a message: indexes into the account key list. */
export interface CompiledIx {
  programIdIndex: number
  accounts: number[]
  data: Uint8Array
}
export interface LookupRef {
  accountKey: string
  writableIndexes: number[]
  readonlyIndexes: number[]
}
export interface ParsedMessage {
  version: 'legacy' | 0
  header: {
    numRequiredSignatures: number
    numReadonlySignedAccounts: number
    numReadonlyUnsignedAccounts: number
  }
  staticKeys: string[]
  recentBlockhash: string
  /** Byte offset of the recent blockhash inside the message (to replace it when simulating). */
  blockhashOffset: number
  instructions: CompiledIx[]
  lookups: LookupRef[]
}
export interface ParsedTransaction {
  signatures: string[]
  message: ParsedMessage
  messageBytes: Uint8Array
}

export class TxParseError extends Error {}

class Reader {
  pos = 0
  constructor(private readonly b: Uint8Array) {}
  byte(): number {
    const v = this.b[this.pos++]
    if (v === undefined) throw new TxParseError('failed to fill whole buffer')
    return v
  }
  bytes(n: number): Uint8Array {
    if (this.pos + n > this.b.length) throw new TxParseError('failed to fill whole buffer')
    const out = this.b.subarray(this.pos, this.pos + n)
    this.pos += n
    return out
  }
  shortVec(): number {
    let len = 0
    for (let shift = 0; shift < 21; shift += 7) {
      const v = this.byte()
      len |= (v & 0x7f) << shift
      if ((v & 0x80) === 0) return len
    }
    throw new TxParseError('invalid compact-u16')
  }
  key(): string {
    return bs58.encode(this.bytes(32))
  }
  get rest(): number {
    return this.b.length - this.pos
  }
}

/**
 * Decodes a message (legacy or v0) from its wire bytes.
 * @see https://solana.com/docs/core/transactions#message
 */
export function parseMessage(bytes: Uint8Array): ParsedMessage {
  const r = new Reader(bytes)
  let first = r.byte()
  let version: 'legacy' | 0 = 'legacy'
  if (first & 0x80) {
    const v = first & 0x7f
    if (v !== 0) throw new TxParseError(`unsupported transaction version ${v}`)
    version = 0
    first = r.byte()
  }
  const header = {
    numRequiredSignatures: first,
    numReadonlySignedAccounts: r.byte(),
    numReadonlyUnsignedAccounts: r.byte(),
  }
  const staticKeys = Array.from({ length: r.shortVec() }, () => r.key())
  const blockhashOffset = r.pos
  const recentBlockhash = r.key()
  const instructions = Array.from({ length: r.shortVec() }, () => ({
    programIdIndex: r.byte(),
    accounts: Array.from(r.bytes(r.shortVec())),
    data: Uint8Array.from(r.bytes(r.shortVec())),
  }))
  const lookups: LookupRef[] = []
  if (version === 0) {
    const n = r.shortVec()
    for (let i = 0; i < n; i++) {
      lookups.push({
        accountKey: r.key(),
        writableIndexes: Array.from(r.bytes(r.shortVec())),
        readonlyIndexes: Array.from(r.bytes(r.shortVec())),
      })
    }
  }
  if (r.rest !== 0) throw new TxParseError('trailing bytes after message')
  if (header.numRequiredSignatures > staticKeys.length) throw new TxParseError('invalid message header')
  return { version, header, staticKeys, recentBlockhash, blockhashOffset, instructions, lookups }
}

/** Decodes a wire transaction: signatures followed by the message. */
export function parseTransaction(bytes: Uint8Array): ParsedTransaction {
  const r = new Reader(bytes)
  const signatures = Array.from({ length: r.shortVec() }, () => bs58.encode(r.bytes(64)))
  const messageBytes = bytes.subarray(r.pos)
  const message = parseMessage(messageBytes)
  if (signatures.length !== message.header.numRequiredSignatures) {
    throw new TxParseError('signature count does not match the message header')
  }
  return { signatures, message, messageBytes }
}

/** Whether the account at `index` of the full key list (static + loaded) is writable. */
export function isWritable(m: ParsedMessage, index: number, loadedWritable: number): boolean {
  const {
    numRequiredSignatures: s,
    numReadonlySignedAccounts: rs,
    numReadonlyUnsignedAccounts: ru,
  } = m.header
  const n = m.staticKeys.length
  if (index < s) return index < s - rs
  if (index < n) return index < n - ru
  return index < n + loadedWritable
}

/** The wire bytes of a transaction, or the RPC's invalid-params error a node answers for bytes it cannot read. */
export function decodeTransaction(bytes: Uint8Array): ParsedTransaction {
  try {
    return parseTransaction(bytes)
  } catch (e) {
    if (e instanceof TxParseError)
      throw invalidParams(
        `failed to deserialize solana_transaction::versioned::VersionedTransaction: ${e.message}`,
      )
    throw e
  }
}
