import type { TxErrorJson } from './errors'
import type { TokenBalance } from './token-accounts'

/** A compiled inner instruction as stored (data in bs58, as Solana's `json` encoding shows it). */
export interface StoredIx {
  programIdIndex: number
  accounts: number[]
  data: string
  stackHeight: number | null
}

/** Everything getTransaction and getSignatureStatuses need about one landed transaction. */
export interface TxRecord {
  signature: string
  slot: number
  blockTime: number
  /** The wire transaction, base64. */
  wire: string
  err: TxErrorJson | null
  fee: number
  preBalances: number[]
  postBalances: number[]
  /** Absent in records written before token balances were kept: none then. */
  preTokenBalances?: TokenBalance[]
  postTokenBalances?: TokenBalance[]
  logs: string[]
  inner: { index: number; instructions: StoredIx[] }[]
  computeUnits: number
  loaded: { writable: string[]; readonly: string[] }
  /** All account keys (static then loaded), for the address index. */
  keys: string[]
  /** SPL Memo texts, for getSignaturesForAddress's `memo` field. */
  memo: string | null
}

/** Slots after which a transaction counts as finalized (a real cluster roots about 32 slots behind the tip). */
export const FINALIZED_DEPTH = 32

export type Commitment = 'processed' | 'confirmed' | 'finalized'

/** Transaction history of the ledger, by signature and by address. */
export class RecordStore {
  private readonly bySig = new Map<string, TxRecord>()
  private readonly byAddress = new Map<string, TxRecord[]>()
  /** Landing order of every transaction: a ledger's position, which `before`/`until` refer to. */
  private readonly position = new Map<string, number>()

  add(rec: TxRecord): void {
    if (this.bySig.has(rec.signature)) return
    this.bySig.set(rec.signature, rec)
    this.position.set(rec.signature, this.position.size)
    for (const key of new Set(rec.keys)) {
      let list = this.byAddress.get(key)
      if (!list) this.byAddress.set(key, (list = []))
      list.push(rec)
    }
  }

  get(signature: string): TxRecord | undefined {
    return this.bySig.get(signature)
  }

  get size(): number {
    return this.bySig.size
  }

  all(): IterableIterator<TxRecord> {
    return this.bySig.values()
  }

  /**
   * Newest first, as getSignaturesForAddress answers. `before` and `until` are excluded and may be any landed
   * transaction, not only one of this address (Solana places them by their position in the ledger): an unknown
   * `before` gives nothing, an unknown `until` no lower bound.
   */
  forAddress(
    address: string,
    opts: { limit: number; before?: string; until?: string; minDepth: number; slot: number },
  ): TxRecord[] {
    const list = this.byAddress.get(address) ?? []
    const at = (signature: string | undefined) =>
      signature === undefined ? undefined : this.position.get(signature)
    const before = opts.before === undefined ? Infinity : at(opts.before)
    if (before === undefined) return []
    const until = at(opts.until) ?? -1
    const out: TxRecord[] = []
    for (let i = list.length - 1; i >= 0 && out.length < opts.limit; i--) {
      const rec = list[i]!
      const position = this.position.get(rec.signature)!
      if (position >= before) continue
      if (position <= until) break
      if (opts.slot - rec.slot >= opts.minDepth) out.push(rec)
    }
    return out
  }
}

export function depthFor(commitment: Commitment | undefined, fallback: Commitment = 'finalized'): number {
  const c = commitment ?? fallback
  return c === 'finalized' ? FINALIZED_DEPTH : c === 'confirmed' ? 1 : 0
}

export function confirmationStatus(rec: TxRecord, slot: number): Commitment {
  const depth = slot - rec.slot
  return depth >= FINALIZED_DEPTH ? 'finalized' : depth >= 1 ? 'confirmed' : 'processed'
}

/** The value getSignatureStatuses returns for one signature. */
export function signatureStatus(rec: TxRecord, slot: number) {
  const cs = confirmationStatus(rec, slot)
  return {
    slot: rec.slot,
    confirmations: cs === 'finalized' ? null : slot - rec.slot,
    err: rec.err,
    status: rec.err === null ? { Ok: null } : { Err: rec.err },
    confirmationStatus: cs,
  }
}
