import { createServer } from 'node:net'

function listenOn(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(undefined))
    server.listen(port, '127.0.0.1', () => {
      const address = server.address()
      const bound = typeof address === 'object' && address ? address.port : undefined
      server.close(() => resolve(bound))
    })
  })
}

/** A free loopback port; with `pair`, the next port is free too (the ledger's websocket takes port + 1). */
export async function freePort(pair = false): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await listenOn(0)
    if (port === undefined || port >= 65535) continue
    if (!pair || (await listenOn(port + 1)) === port + 1) return port
  }
  throw new Error('no free loopback port found')
}
