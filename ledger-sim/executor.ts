import bs58 from 'bs58'
import { FailedTransactionMetadata, type TransactionMetadata } from 'litesvm/dist/internal.js'
import { LAMPORTS_PER_SIGNATURE, type ChainState } from './chain-state'
import {
  RpcError,
  invalidParams,
  PREFLIGHT_FAILURE,
  SIGNATURE_VERIFICATION_FAILURE,
  txError,
  txErrorFromNative,
  type TxErrorJson,
} from './errors'
import type { TxRecord } from './records'
import { decodeTransaction, type ParsedMessage, type ParsedTransaction } from './tx-parse'
import { memoText } from './tx-format'
import { type TokenBalance, tokenBalances } from './token-accounts'
import { simulateRaw } from './simulate'

const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111'
type TxErr = { json: TxErrorJson; message: string }

/** Static keys followed by the addresses loaded from lookup tables (writable, then read-only). */
export function resolveKeys(chain: ChainState, m: ParsedMessage) {
  const loaded = { writable: [] as string[], readonly: [] as string[] }
  for (const l of m.lookups) {
    const data = chain.account(l.accountKey)?.data()
    const at = (i: number) =>
      data && data.length >= 56 + 32 * (i + 1)
        ? bs58.encode(data.subarray(56 + 32 * i, 88 + 32 * i))
        : undefined
    for (const i of l.writableIndexes) {
      const k = at(i)
      if (k) loaded.writable.push(k)
    }
    for (const i of l.readonlyIndexes) {
      const k = at(i)
      if (k) loaded.readonly.push(k)
    }
  }
  return { keys: [...m.staticKeys, ...loaded.writable, ...loaded.readonly], loaded }
}

function preflightError(err: TxErr, logs: string[] = [], unitsConsumed = 0): RpcError {
  if (err.json === 'SignatureFailure')
    return new RpcError(SIGNATURE_VERIFICATION_FAILURE, 'Transaction signature verification failure')
  return new RpcError(PREFLIGHT_FAILURE, `Transaction simulation failed: ${err.message}`, {
    err: err.json,
    logs,
    accounts: null,
    unitsConsumed,
    returnData: null,
    innerInstructions: null,
  })
}

function run(
  chain: ChainState,
  bytes: Uint8Array,
  m: ParsedMessage,
): TransactionMetadata | FailedTransactionMetadata {
  return m.version === 'legacy'
    ? chain.svm.sendLegacyTransaction(bytes)
    : chain.svm.sendVersionedTransaction(bytes)
}

const isZero = (sig: Uint8Array) => sig.every((b) => b === 0)

/**
 * sendTransaction: signature check, duplicate and blockhash checks, preflight simulation (unless skipped),
 * then execution. A transaction that fails while executing still lands (and pays its fee), as on a cluster.
 * @see https://solana.com/docs/rpc/http/sendtransaction
 */
export function submitTransaction(chain: ChainState, bytes: Uint8Array, skipPreflight: boolean): string {
  const tx = decodeTransaction(bytes)
  const signature = tx.signatures[0]
  if (signature === undefined)
    throw invalidParams('invalid transaction: Transaction requires at least one signature')
  const early = chain.records.get(signature)
    ? txError('AlreadyProcessed')
    : chain.isBlockhashValid(tx.message.recentBlockhash)
      ? undefined
      : txError('BlockhashNotFound')
  if (early) {
    if (skipPreflight) return signature // a node drops such a transaction silently
    throw preflightError(early)
  }
  if (!skipPreflight) {
    const sim = simulateRaw(chain, bytes, tx.message, true)
    if (sim instanceof FailedTransactionMetadata) {
      const meta = sim.meta()
      throw preflightError(txErrorFromNative(sim.err()), meta.logs(), Number(meta.computeUnitsConsumed()))
    }
  }
  const { keys, loaded } = resolveKeys(chain, tx.message)
  const preBalances = keys.map((k) => Number(chain.balance(k)))
  const preTokenBalances = tokenBalances(keys, (k) => chain.account(k))
  const res = run(chain, bytes, tx.message)
  const failed = res instanceof FailedTransactionMetadata ? res : undefined
  const meta = failed ? failed.meta() : (res as TransactionMetadata)
  const err = failed ? txErrorFromNative(failed.err()) : null
  if (failed && isZero(meta.signature())) {
    if (err?.json === 'SignatureFailure' || !skipPreflight) throw preflightError(err!, meta.logs())
    return signature
  }
  chain.addRecord(
    buildRecord(chain, tx, bytes, {
      keys,
      loaded,
      preBalances,
      preTokenBalances,
      meta,
      err: err?.json ?? null,
    }),
  )
  return signature
}

function buildRecord(
  chain: ChainState,
  tx: ParsedTransaction,
  bytes: Uint8Array,
  r: {
    keys: string[]
    loaded: TxRecord['loaded']
    preBalances: number[]
    preTokenBalances: TokenBalance[]
    meta: TransactionMetadata
    err: TxErrorJson | null
  },
): TxRecord {
  const inner = r.meta
    .innerInstructions()
    .map((list, index) => ({
      index,
      instructions: list.map((ii) => {
        const c = ii.instruction()
        return {
          programIdIndex: c.programIdIndex(),
          accounts: Array.from(c.accounts()),
          data: bs58.encode(c.data()),
          stackHeight: ii.stackHeight(),
        }
      }),
    }))
    .filter((x) => x.instructions.length > 0)
  const memos = tx.message.instructions
    .map((ix) => memoText(r.keys[ix.programIdIndex], ix.data))
    .filter((t) => t !== undefined)
  return {
    signature: tx.signatures[0]!,
    slot: chain.slot,
    blockTime: Math.floor(Date.now() / 1000),
    wire: Buffer.from(bytes).toString('base64'),
    err: r.err,
    fee: feeFor(tx.message, r.keys),
    preBalances: r.preBalances,
    postBalances: r.keys.map((k) => Number(chain.balance(k))),
    preTokenBalances: r.preTokenBalances,
    postTokenBalances: tokenBalances(r.keys, (k) => chain.account(k)),
    logs: r.meta.logs(),
    inner,
    computeUnits: Number(r.meta.computeUnitsConsumed()),
    loaded: r.loaded,
    keys: r.keys,
    memo: memos.length ? memos.map((t) => `[${Buffer.byteLength(t)}] ${t}`).join('; ') : null,
  }
}

/** Base fee per signature plus the priority fee set with ComputeBudget instructions. */
export function feeFor(m: ParsedMessage, keys: string[] = m.staticKeys): number {
  let price = 0n
  let limit: bigint | undefined
  let others = 0
  for (const ix of m.instructions) {
    if (keys[ix.programIdIndex] !== COMPUTE_BUDGET) {
      others++
      continue
    }
    const v = new DataView(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength)
    if (ix.data[0] === 2 && ix.data.length >= 5) limit = BigInt(v.getUint32(1, true))
    if (ix.data[0] === 3 && ix.data.length >= 9) price = v.getBigUint64(1, true)
  }
  const units = limit ?? BigInt(Math.min(1_400_000, 200_000 * others))
  const priority = (price * units + 999_999n) / 1_000_000n
  return m.header.numRequiredSignatures * LAMPORTS_PER_SIGNATURE + Number(priority)
}
