// Local mode: the ledger's JSON-RPC and websocket are mounted at /rpc on the API's own port, so a phone that
// reaches PUBLIC_URL reaches the ledger too (docs/interfaces.md).
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyInstance } from 'fastify'

export interface MountableLedger {
  handleRpc(body: unknown): Promise<unknown>
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void
}

export function mountLedger(app: FastifyInstance, ledger: MountableLedger) {
  // The ledger keeps its own state, not the database's: a wallet's calls (a donor polls several per donation) do
  // not make the read cache look for changes.
  app.post(
    '/rpc',
    { schema: { hide: true }, bodyLimit: 2 * 1024 * 1024, config: { writesDatabase: false } },
    async (request) => ledger.handleRpc(request.body),
  )
  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (/^\/rpc\/?(\?|$)/.test(req.url ?? '')) ledger.handleUpgrade(req, socket, head)
    else socket.destroy()
  })
}
