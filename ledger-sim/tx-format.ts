import bs58 from 'bs58'
import { SYSTEM_PROGRAM } from './chain-state'
import { RpcError, UNSUPPORTED_TX_VERSION, invalidParams } from './errors'
import type { StoredIx, TxRecord } from './records'
import { parseTokenInstruction } from './token-parse'
import { isWritable, parseTransaction, type ParsedMessage } from './tx-parse'

const MEMO_PROGRAMS = new Set([
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
])

export function memoText(programId: string | undefined, data: Uint8Array): string | undefined {
  if (programId === undefined || !MEMO_PROGRAMS.has(programId)) return undefined
  return new TextDecoder().decode(data)
}

/**
 * The System program instructions a node parses in `jsonParsed` (the ones wallets send); others stay raw (token
 * instructions: token-parse.ts).
 * @see https://github.com/anza-xyz/agave/blob/master/transaction-status/src/parse_system.rs
 */
function parseSystem(
  data: Uint8Array,
  acc: (i: number) => string | undefined,
): { type: string; info: Record<string, unknown> } | undefined {
  if (data.length < 4) return undefined
  const v = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const u64 = (o: number) => (data.length >= o + 8 ? Number(v.getBigUint64(o, true)) : undefined)
  const key = (o: number) => (data.length >= o + 32 ? bs58.encode(data.subarray(o, o + 32)) : undefined)
  switch (v.getUint32(0, true)) {
    case 0:
      if (data.length !== 52) return undefined
      return {
        type: 'createAccount',
        info: { source: acc(0), newAccount: acc(1), lamports: u64(4), space: u64(12), owner: key(20) },
      }
    case 1:
      if (data.length !== 36) return undefined
      return { type: 'assign', info: { account: acc(0), owner: key(4) } }
    case 2:
      if (data.length !== 12) return undefined
      return { type: 'transfer', info: { source: acc(0), destination: acc(1), lamports: u64(4) } }
    case 8:
      if (data.length !== 12) return undefined
      return { type: 'allocate', info: { account: acc(0), space: u64(4) } }
    default:
      return undefined
  }
}

function parsedIx(programId: string, accounts: string[], data: Uint8Array, stackHeight: number | null) {
  if (programId === SYSTEM_PROGRAM) {
    const parsed = parseSystem(data, (i) => accounts[i])
    if (parsed && Object.values(parsed.info).every((x) => x !== undefined))
      return { program: 'system', programId, parsed, stackHeight }
  }
  const memo = memoText(programId, data)
  if (memo !== undefined) return { program: 'spl-memo', programId, parsed: memo, stackHeight }
  const token = parseTokenInstruction(programId, accounts, data)
  if (token) return { ...token, programId, stackHeight }
  return { programId, accounts, data: bs58.encode(data), stackHeight }
}

type Encoding = 'json' | 'jsonParsed' | 'base64' | 'base58'

/**
 * getTransaction's result for a stored record.
 * @see https://solana.com/docs/rpc/http/gettransaction
 */
export function formatTransaction(rec: TxRecord, encoding: Encoding = 'json', maxVersion?: number) {
  const bytes = Buffer.from(rec.wire, 'base64')
  const tx = parseTransaction(bytes)
  const m = tx.message
  if (m.version !== 'legacy' && (maxVersion === undefined || maxVersion < m.version)) {
    throw new RpcError(
      UNSUPPORTED_TX_VERSION,
      `Transaction version (${m.version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${m.version}`,
    )
  }
  const parsed = encoding === 'jsonParsed'
  const ixOut = (programIdIndex: number, accounts: number[], data: Uint8Array, stackHeight: number | null) =>
    parsed
      ? parsedIx(
          rec.keys[programIdIndex] ?? '',
          accounts.map((i) => rec.keys[i] ?? ''),
          data,
          stackHeight,
        )
      : { programIdIndex, accounts, data: bs58.encode(data), stackHeight }
  const inner = rec.inner.map((g) => ({
    index: g.index,
    instructions: g.instructions.map((ix: StoredIx) =>
      ixOut(ix.programIdIndex, ix.accounts, bs58.decode(ix.data), ix.stackHeight),
    ),
  }))
  const meta = {
    err: rec.err,
    status: rec.err === null ? { Ok: null } : { Err: rec.err },
    fee: rec.fee,
    preBalances: rec.preBalances,
    postBalances: rec.postBalances,
    innerInstructions: inner,
    logMessages: rec.logs,
    preTokenBalances: rec.preTokenBalances ?? [],
    postTokenBalances: rec.postTokenBalances ?? [],
    rewards: [],
    loadedAddresses: rec.loaded,
    computeUnitsConsumed: rec.computeUnits,
  }
  let transaction: unknown
  if (encoding === 'base64') transaction = [rec.wire, 'base64']
  else if (encoding === 'base58') transaction = [bs58.encode(bytes), 'base58']
  else if (encoding === 'json' || parsed) {
    const lookups = m.version === 0 ? { addressTableLookups: m.lookups } : {}
    transaction = {
      signatures: tx.signatures,
      message: {
        ...(parsed ? { accountKeys: parsedKeys(m, rec) } : { header: m.header, accountKeys: m.staticKeys }),
        recentBlockhash: m.recentBlockhash,
        instructions: m.instructions.map((ix) => ixOut(ix.programIdIndex, ix.accounts, ix.data, null)),
        ...lookups,
      },
    }
  } else throw invalidParams(`Invalid encoding: ${String(encoding)}`)
  return {
    slot: rec.slot,
    blockTime: rec.blockTime,
    ...(maxVersion !== undefined ? { version: m.version } : {}),
    transaction,
    meta,
  }
}

function parsedKeys(m: ParsedMessage, rec: TxRecord) {
  return rec.keys.map((pubkey, i) => ({
    pubkey,
    writable: isWritable(m, i, rec.loaded.writable.length),
    signer: i < m.header.numRequiredSignatures,
    source: i < m.staticKeys.length ? 'transaction' : 'lookupTable',
  }))
}
