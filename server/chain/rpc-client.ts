// A small JSON-RPC 2.0 client for the Solana RPC the server talks to (the local ledger, devnet or mainnet-beta).

/**
 * The ledger cannot be reached, or answered like a broken node, or none is configured: a domain error raised by
 * server/chain and passed up untouched; the error handler (server/plugins/errors.ts) answers 503
 * `ledger_unavailable`, and services that have a fallback (an admin's review of a listing fee) catch it by class.
 */
export class LedgerUnavailable extends Error {
  /** How the API answers it: the contract's code, and 503 (temporary, with Retry-After). */
  readonly code = 'ledger_unavailable'
  readonly status = 503
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'LedgerUnavailable'
  }
}

/** The node answered the call with a JSON-RPC error (bad params, unsupported version …). */
export class RpcMethodError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
    this.name = 'RpcMethodError'
  }
}

export type RpcCall = [method: string, params: unknown[]]
export type RpcOutcome = { ok: true; result: unknown } | { ok: false; error: RpcMethodError }

export interface RpcClient {
  readonly url: string
  call<T>(method: string, params?: unknown[]): Promise<T>
  /** Several calls in one HTTP round trip (a JSON-RPC batch), outcomes in call order. */
  batch(calls: RpcCall[]): Promise<RpcOutcome[]>
}

export interface RpcClientOptions {
  timeoutMs?: number
  fetch?: typeof fetch
  /**
   * Answers a JSON-RPC body in this process instead of over HTTP: the embedded local ledger's own dispatcher.
   * A payment's verification then costs no HTTP client and server work on the thread that records donations.
   */
  inProcess?: (body: unknown) => Promise<unknown>
}

// Codes a node uses when it is unhealthy or overloaded rather than when the request is wrong.
const INFRA_CODES = new Set([-32603, -32005, -32004, -32016, 429])

interface Envelope {
  id?: unknown
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

function outcome(e: Envelope | undefined): RpcOutcome {
  if (!e || typeof e !== 'object') throw new LedgerUnavailable('RPC answered without a JSON-RPC envelope')
  if (e.error) {
    if (INFRA_CODES.has(e.error.code))
      throw new LedgerUnavailable(`RPC error ${e.error.code}: ${e.error.message}`)
    return { ok: false, error: new RpcMethodError(e.error.code, e.error.message, e.error.data) }
  }
  return { ok: true, result: e.result }
}

/** The answer as the node would send it over the wire (a copy in plain JSON, never the ledger's own objects). */
async function answerInProcess(handle: (body: unknown) => Promise<unknown>, body: unknown): Promise<unknown> {
  try {
    return JSON.parse(JSON.stringify(await handle(body))) as unknown
  } catch (cause) {
    throw new LedgerUnavailable(`the local ledger failed: ${(cause as Error).message}`, { cause })
  }
}

/**
 * JSON-RPC over HTTP POST with a timeout. Network failures, timeouts, HTTP errors and node-health errors throw
 * {@link LedgerUnavailable}; method errors throw (or, in a batch, return) {@link RpcMethodError}.
 * @see https://solana.com/docs/rpc
 */
export function createRpcClient(url: string, options: RpcClientOptions = {}): RpcClient {
  const timeoutMs = options.timeoutMs ?? 8000
  const doFetch = options.fetch ?? fetch
  let nextId = 1

  async function post(body: unknown): Promise<unknown> {
    if (options.inProcess) return answerInProcess(options.inProcess, body)
    let res: Response
    try {
      res = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (cause) {
      const what =
        (cause as Error).name === 'TimeoutError'
          ? `timed out after ${timeoutMs} ms`
          : (cause as Error).message
      throw new LedgerUnavailable(`RPC ${url} unreachable: ${what}`, { cause })
    }
    if (!res.ok) throw new LedgerUnavailable(`RPC ${url} answered HTTP ${res.status}`)
    try {
      return await res.json()
    } catch (cause) {
      throw new LedgerUnavailable(`RPC ${url} answered something that is not JSON`, { cause })
    }
  }

  return {
    url,
    async call<T>(method: string, params: unknown[] = []): Promise<T> {
      const out = outcome((await post({ jsonrpc: '2.0', id: nextId++, method, params })) as Envelope)
      if (!out.ok) throw out.error
      return out.result as T
    },
    async batch(calls) {
      const first = nextId
      nextId += calls.length
      const body = calls.map(([method, params], i) => ({ jsonrpc: '2.0', id: first + i, method, params }))
      const answer = await post(body)
      if (!Array.isArray(answer)) return calls.map(() => outcome(answer as Envelope))
      const byId = new Map((answer as Envelope[]).map((e) => [e?.id, e]))
      return calls.map((_, i) => outcome(byId.get(first + i)))
    },
  }
}
