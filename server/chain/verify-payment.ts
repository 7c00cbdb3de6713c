import {
  checkPayment,
  type ExpectedPayment,
  type ParsedTx,
  type VerifyResult,
} from '../../api-contract/check-payment'
import { ClusterMismatchError } from './cluster'
import { RpcMethodError, type RpcCall, type RpcClient } from './rpc-client'

export interface VerifyOptions {
  /** Waits between attempts while the node has not seen the transaction yet; default 150, 250, 400 ms. */
  retryDelaysMs?: number[]
  /** When given, the same round trip checks the RPC's genesis hash (throws ClusterMismatchError). */
  genesisHash?: string
}

const DEFAULT_RETRIES = [150, 250, 400]
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const txCall = (signature: string): RpcCall => [
  'getTransaction',
  [signature, { encoding: 'jsonParsed', commitment: 'confirmed', maxSupportedTransactionVersion: 0 }],
]

/**
 * Verifies an on-chain payment with the server's own RPC: the transaction exists at `confirmed`,
 * succeeded, was signed by the payer, and moves exactly the expected lamports by System transfers to each
 * recipient. One RPC round trip in the happy path (a batch of two when `genesisHash` is given); while the node
 * has not seen the signature it retries a few times (under a second in all), then answers 'not_found_on_chain'.
 * Expected failures come back as `{ok: false, reason}`; an unreachable RPC throws LedgerUnavailable.
 */
export async function verifyPayment(
  rpc: RpcClient,
  expected: ExpectedPayment,
  options: VerifyOptions = {},
): Promise<VerifyResult> {
  if (!/^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(expected.signature))
    return { ok: false, reason: 'not_found_on_chain' }
  const delays = options.retryDelaysMs ?? DEFAULT_RETRIES
  for (let attempt = 0; ; attempt++) {
    const tx = await fetchTransaction(
      rpc,
      expected.signature,
      attempt === 0 ? options.genesisHash : undefined,
    )
    if (tx || attempt >= delays.length) return checkPayment(tx, expected)
    await sleep(delays[attempt]!)
  }
}

async function fetchTransaction(
  rpc: RpcClient,
  signature: string,
  genesisHash?: string,
): Promise<ParsedTx | null> {
  try {
    if (!genesisHash) return await rpc.call<ParsedTx | null>(...txCall(signature))
    const [tx, genesis] = await rpc.batch([txCall(signature), ['getGenesisHash', []]])
    if (genesis?.ok && genesis.result !== genesisHash) {
      throw new ClusterMismatchError(
        `RPC ${rpc.url} serves genesis ${String(genesis.result)}, expected ${genesisHash}`,
      )
    }
    if (!tx?.ok) throw tx?.error ?? new RpcMethodError(-32603, 'no answer for getTransaction')
    return tx.result as ParsedTx | null
  } catch (e) {
    // A malformed or unknown signature is simply not a payment we can find.
    if (e instanceof RpcMethodError && e.code === -32602) return null
    throw e
  }
}
