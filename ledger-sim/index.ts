import type { IncomingMessage, Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createServer } from 'node:http'
import type { Duplex } from 'node:stream'
import { ChainState } from './chain-state'
import { createMethods } from './methods'
import { loadChain, saveChain } from './persistence'
import { createRpcHttpServer, dispatch } from './rpc-server'
import { createWsHub } from './ws-server'

export interface LedgerOptions {
  /** Default 127.0.0.1. */
  host?: string
  /** JSON-RPC over HTTP; 0 = a free port. */
  port: number
  /** Websocket; default port + 1 (a free port when port is 0). */
  wsPort?: number
  /** Persistence folder; undefined = memory only. */
  dataDir?: string
  /** Slot length in ms; default 400. */
  slotMs?: number
}

export interface RunningLedger {
  rpcUrl: string
  wsUrl: string
  genesisHash: string
  /** The ledger's test USDC mint (6 decimals, classic Token program), made at the chain's first start and kept. */
  usdcMint: string
  /** Answers a parsed JSON-RPC body (to mount the ledger at another server's path). */
  handleRpc(body: unknown): Promise<unknown>
  /** Takes over a websocket upgrade (to mount the pub-sub endpoint at another server's path). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void
  close(): Promise<void>
}

const listen = (server: Server, port: number, host: string) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port))
  })

const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()))

/**
 * Starts the local ledger: LiteSVM behind Solana's JSON-RPC (HTTP) and pub-sub (websocket) APIs, with slots
 * advancing on a clock, and state kept in `dataDir` when given.
 * @see https://solana.com/docs/rpc
 */
export async function startLedger(options: LedgerOptions): Promise<RunningLedger> {
  const host = options.host ?? '127.0.0.1'
  const slotMs = options.slotMs ?? 400
  const dataDir = options.dataDir
  const chain = dataDir ? loadChain(dataDir) : new ChainState()
  const methods = createMethods(chain)
  const wss = createWsHub(chain)
  const handleUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) =>
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req))

  const http = createRpcHttpServer(methods)
  http.on('upgrade', handleUpgrade) // clients that open the websocket on the RPC port work too
  const wsHttp = createServer((_req, res) => res.writeHead(426).end())
  wsHttp.on('upgrade', handleUpgrade)
  const port = await listen(http, options.port, host)
  const wsPort = await listen(wsHttp, options.wsPort ?? (options.port === 0 ? 0 : port + 1), host)

  let saveFailed = false
  const timer = setInterval(() => {
    // Written before the slot advances, so whatever a client sees as confirmed is already on disk. While the
    // disk refuses, the chain stops advancing: nothing unsaved ever becomes `confirmed`.
    if (dataDir && chain.dirty) {
      try {
        saveChain(chain, dataDir)
        saveFailed = false
      } catch (e) {
        if (!saveFailed) console.error(`ledger: cannot save to ${dataDir}; slots paused until it works:`, e)
        saveFailed = true
        return
      }
    }
    chain.tick()
  }, slotMs)
  timer.unref()

  const urlHost = host.includes(':') ? `[${host}]` : host
  let closed = false
  return {
    rpcUrl: `http://${urlHost}:${port}`,
    wsUrl: `ws://${urlHost}:${wsPort}`,
    genesisHash: chain.genesisHash,
    usdcMint: chain.usdcMint,
    handleRpc: async (body) => dispatch(methods, body),
    handleUpgrade,
    async close() {
      if (closed) return
      closed = true
      clearInterval(timer)
      for (const ws of wss.clients) ws.terminate()
      wss.close()
      http.closeAllConnections()
      wsHttp.closeAllConnections()
      await Promise.all([closeServer(http), closeServer(wsHttp)])
      if (dataDir) saveChain(chain, dataDir)
    },
  }
}
