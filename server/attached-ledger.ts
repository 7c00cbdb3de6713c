// Local mode with SOLANA_RPC_URL: every instance attaches to one local ledger already running (`npm run ledger`)
// instead of starting its own, and still mounts it at /rpc (server/plugins/rpc-mount.ts), so the PWA and phones
// reach it through PUBLIC_URL as they do the embedded one: JSON-RPC calls are forwarded, websockets relayed.
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocket, WebSocketServer, type RawData } from 'ws'
import { LedgerUnavailable } from './chain'
import type { Config } from './config'
import type { MountableLedger } from './plugins/rpc-mount'

export interface AttachedLedger extends MountableLedger {
  rpcUrl: string
  close(): Promise<void>
}

const RPC_TIMEOUT_MS = 30_000

export function attachedLedger(config: Pick<Config, 'rpcUrl' | 'wsUrl'>): AttachedLedger {
  const wss = new WebSocketServer({ noServer: true })

  async function handleRpc(body: unknown): Promise<unknown> {
    let response: Response
    try {
      response = await fetch(config.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(RPC_TIMEOUT_MS),
      })
    } catch (error) {
      throw new LedgerUnavailable(`the local ledger at ${config.rpcUrl} cannot be reached`, { cause: error })
    }
    if (!response.ok) throw new LedgerUnavailable(`the local ledger answered HTTP ${response.status}`)
    return response.json()
  }

  /** One browser's websocket, relayed to the ledger's; either side closing closes the other. */
  function relay(client: WebSocket) {
    const upstream = new WebSocket(config.wsUrl)
    const waiting: [RawData, boolean][] = []
    client.on('message', (data, binary) => {
      if (upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary })
      else waiting.push([data, binary])
    })
    upstream.on('open', () => {
      for (const [data, binary] of waiting.splice(0)) upstream.send(data, { binary })
    })
    upstream.on('message', (data, binary) => client.send(data, { binary }))
    const closeBoth = () => {
      client.terminate()
      upstream.terminate()
    }
    for (const side of [client, upstream]) {
      side.on('close', closeBoth)
      side.on('error', closeBoth)
    }
  }

  return {
    rpcUrl: config.rpcUrl,
    handleRpc,
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
      wss.handleUpgrade(req, socket, head, relay)
    },
    async close() {
      for (const client of wss.clients) client.terminate()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
    },
  }
}
