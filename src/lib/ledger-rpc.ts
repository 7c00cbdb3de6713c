// The few Solana JSON-RPC calls the payment pipeline makes (and the donate form's USDC account look-up, and the
// browser's own check of a donation: lib/verify-donation.ts): plain fetch, no web3.js, so a payment sent before a
// reload can be confirmed and recorded on any page without the wallet stack.
// @see https://solana.com/docs/rpc/http
export class RpcError extends Error {
  readonly logs: string[]
  constructor(message: string, logs: string[] = []) {
    super(message)
    this.name = 'RpcError'
    this.logs = logs
  }
}

export interface SignatureStatus {
  err: unknown
  confirmationStatus: 'processed' | 'confirmed' | 'finalized' | null
}

let nextId = 1

async function call<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
  })
  if (!response.ok) throw new RpcError(`${method}: HTTP ${response.status}`)
  const body = (await response.json()) as {
    result?: T
    error?: { message: string; data?: { logs?: string[] | null } }
  }
  if (body.error) throw new RpcError(body.error.message, body.error.data?.logs ?? [])
  return body.result as T
}

const COMMITMENT = { commitment: 'confirmed' } as const

export function ledgerRpc(url: string) {
  return {
    latestBlockhash: () =>
      call<{ value: { blockhash: string; lastValidBlockHeight: number } }>(url, 'getLatestBlockhash', [
        COMMITMENT,
      ]).then(({ value }) => value),

    blockHeight: () => call<number>(url, 'getBlockHeight', [COMMITMENT]),

    /** Simulates an unsigned transaction (base64): the node's verdict before the wallet is asked to sign. */
    simulate: (transaction: string) =>
      call<{ value: { err: unknown; logs: string[] | null } }>(url, 'simulateTransaction', [
        transaction,
        { encoding: 'base64', sigVerify: false, ...COMMITMENT },
      ]).then(({ value }) => value),

    /** Sends a signed transaction (base64); resolves with its signature. */
    send: (transaction: string) =>
      call<string>(url, 'sendTransaction', [
        transaction,
        { encoding: 'base64', preflightCommitment: 'confirmed' },
      ]),

    /** Whether an account exists at `address` (it holds lamports), e.g. a wallet's USDC account. */
    accountExists: (address: string) =>
      call<{ value: unknown }>(url, 'getAccountInfo', [
        address,
        { encoding: 'base64', dataSlice: { offset: 0, length: 0 }, ...COMMITMENT },
      ]).then(({ value }) => value !== null),

    /** The lamports an account of `bytes` must hold to be rent exempt (what opening it costs). */
    rentExemption: (bytes: number) =>
      call<number>(url, 'getMinimumBalanceForRentExemption', [bytes, COMMITMENT]).then(BigInt),

    /** The transaction as the node parsed it (jsonParsed), or null when the node does not know it. */
    transaction: <T>(signature: string) =>
      call<T | null>(url, 'getTransaction', [
        signature,
        { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, ...COMMITMENT },
      ]),

    status: (signature: string) =>
      call<{ value: (SignatureStatus | null)[] }>(url, 'getSignatureStatuses', [
        [signature],
        { searchTransactionHistory: true },
      ]).then(({ value }) => value[0] ?? null),
  }
}

export type LedgerRpc = ReturnType<typeof ledgerRpc>
