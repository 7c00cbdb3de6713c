import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { RpcError } from './errors'
import type { MethodTable } from './methods'

const MAX_BODY = 5 * 1024 * 1024

interface RpcRequest {
  jsonrpc?: unknown
  id?: unknown
  method?: unknown
  params?: unknown
}

const failure = (id: unknown, code: number, message: string, data?: unknown) => ({
  jsonrpc: '2.0',
  error: data === undefined ? { code, message } : { code, message, data },
  id: id ?? null,
})

function callOne(methods: MethodTable, req: unknown) {
  const r = (req ?? {}) as RpcRequest
  const id = r.id === undefined ? null : r.id
  if (typeof req !== 'object' || req === null || r.jsonrpc !== '2.0' || typeof r.method !== 'string') {
    return failure(id, -32600, 'Invalid request')
  }
  const fn = Object.hasOwn(methods, r.method) ? methods[r.method] : undefined
  if (!fn) return failure(id, -32601, 'Method not found')
  const params = r.params === undefined ? [] : r.params
  if (!Array.isArray(params)) return failure(id, -32602, 'Invalid params: expected an array')
  try {
    return { jsonrpc: '2.0', result: fn(params), id }
  } catch (e) {
    if (e instanceof RpcError) return failure(id, e.code, e.message, e.data)
    return failure(id, -32603, `Internal error: ${(e as Error).message}`)
  }
}

/**
 * Answers a parsed JSON-RPC 2.0 body: one request or a batch.
 * @see https://www.jsonrpc.org/specification
 */
export function dispatch(methods: MethodTable, body: unknown): unknown {
  if (Array.isArray(body)) {
    if (body.length === 0) return failure(null, -32600, 'Invalid request')
    return body.map((req) => callOne(methods, req))
  }
  return callOne(methods, body)
}

function setCors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('access-control-allow-origin', '*')
  res.setHeader('access-control-allow-methods', 'POST, GET, OPTIONS')
  res.setHeader(
    'access-control-allow-headers',
    req.headers['access-control-request-headers'] ?? 'content-type, solana-client',
  )
  res.setHeader('access-control-max-age', '86400')
}

/** JSON-RPC over HTTP POST, with CORS so a PWA on another origin may call it. */
export function createRpcHttpServer(methods: MethodTable): Server {
  const server = createServer((req, res) => {
    setCors(req, res)
    if (req.method === 'OPTIONS') return void res.writeHead(204).end()
    if (req.method === 'GET' && req.url?.startsWith('/health'))
      return void res.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
    if (req.method !== 'POST') return void res.writeHead(405, { allow: 'POST, GET, OPTIONS' }).end()
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (c: Buffer) => {
      size += c.length
      if (size > MAX_BODY) {
        res.writeHead(413).end()
        req.destroy()
      } else chunks.push(c)
    })
    req.on('end', () => {
      if (res.writableEnded) return
      let out: unknown
      try {
        out = dispatch(methods, JSON.parse(Buffer.concat(chunks).toString('utf8')))
      } catch {
        out = failure(null, -32700, 'Parse error')
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(out))
    })
  })
  // Longer than clients' keep-alive (undici keeps idle sockets ~4 s): the server must not be the side that closes
  // an idle socket just as a client reuses it (ECONNRESET), which a busy event loop makes likely.
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
  return server
}
