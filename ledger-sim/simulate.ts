import bs58 from 'bs58'
import {
  FailedTransactionMetadata,
  type AddressAndAccount,
  type SimulatedTransactionInfo,
} from 'litesvm/dist/internal.js'
import type { ChainState } from './chain-state'
import { invalidParams, txErrorFromNative, type TxErrorJson } from './errors'
import { decodeTransaction, type ParsedMessage } from './tx-parse'

/** Runs a transaction without committing it, with signature checks on or off. */
export function simulateRaw(
  chain: ChainState,
  bytes: Uint8Array,
  m: ParsedMessage,
  sigVerify: boolean,
): SimulatedTransactionInfo | FailedTransactionMetadata {
  const before = chain.svm.getSigverify()
  chain.svm.setSigverify(sigVerify)
  try {
    return m.version === 'legacy'
      ? chain.svm.simulateLegacyTransaction(bytes)
      : chain.svm.simulateVersionedTransaction(bytes)
  } finally {
    chain.svm.setSigverify(before)
  }
}

export interface SimulationValue {
  err: TxErrorJson | null
  logs: string[] | null
  accounts: null
  unitsConsumed: number
  returnData: null
  innerInstructions: null
  replacementBlockhash?: { blockhash: string; lastValidBlockHeight: number }
}

/**
 * simulateTransaction: runs without committing. sigVerify defaults to false and replaceRecentBlockhash swaps in
 * the latest blockhash, as a node does.
 * @see https://solana.com/docs/rpc/http/simulatetransaction
 */
export function simulateTransaction(
  chain: ChainState,
  input: Uint8Array,
  opts: { sigVerify?: boolean; replaceRecentBlockhash?: boolean },
) {
  if (opts.sigVerify && opts.replaceRecentBlockhash)
    throw invalidParams('sigVerify may not be used with replaceRecentBlockhash')
  const tx = decodeTransaction(input)
  let bytes = input
  const base = { accounts: null, returnData: null, innerInstructions: null } as const
  // Refused before it runs: no logs, no compute units, no accounts.
  const refused = (err: string) => ({
    ...base,
    err,
    logs: [],
    unitsConsumed: 0,
    postAccounts: [] as AddressAndAccount[],
  })
  let replacementBlockhash: SimulationValue['replacementBlockhash']
  if (opts.replaceRecentBlockhash) {
    bytes = Uint8Array.from(input)
    bytes.set(
      bs58.decode(chain.latestBlockhash),
      input.length - tx.messageBytes.length + tx.message.blockhashOffset,
    )
    replacementBlockhash = {
      blockhash: chain.latestBlockhash,
      lastValidBlockHeight: chain.lastValidBlockHeight(),
    }
  } else if (!chain.isBlockhashValid(tx.message.recentBlockhash)) {
    return refused('BlockhashNotFound')
  }
  if (tx.signatures[0] && chain.records.get(tx.signatures[0])) return refused('AlreadyProcessed')
  const res = simulateRaw(chain, bytes, tx.message, opts.sigVerify ?? false)
  const failed = res instanceof FailedTransactionMetadata ? res : undefined
  const meta = failed ? failed.meta() : (res as SimulatedTransactionInfo).meta()
  return {
    ...base,
    err: failed ? txErrorFromNative(failed.err()).json : null,
    logs: meta.logs(),
    unitsConsumed: Number(meta.computeUnitsConsumed()),
    ...(replacementBlockhash ? { replacementBlockhash } : {}),
    postAccounts: failed ? [] : (res as SimulatedTransactionInfo).postAccounts(),
  }
}
