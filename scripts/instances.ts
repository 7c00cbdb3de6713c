// `npm run instances`: the deployment of docs/deployment.md on this machine, to try. Two `npm start` processes on
// two ports share one throwaway PostgreSQL (Debian's `postgresql`), one S3-compatible server (s3rver, as the tests
// use) and one local ledger they attach to with SOLANA_RPC_URL; a small round-robin proxy in front of them is the
// public origin (PUBLIC_URL, TRUST_PROXY=127.0.0.1). Everything is thrown away on Ctrl-C.
//   npm run instances [-- --port=8080]
// DATABASE_URL or STORAGE_URL (with its AWS_* credentials) in the environment are used instead of the throwaway ones.
import { spawnSync } from 'node:child_process'
import http from 'node:http'
import net from 'node:net'
import { startInstances } from '../tests/helpers/instances'
import { startPostgresCluster } from '../tests/helpers/postgres-cluster'
import { startS3Server } from '../tests/helpers/s3-server'

const port = Number(process.argv.find((arg) => arg.startsWith('--port='))?.slice(7) ?? 8080)
const publicUrl = `http://127.0.0.1:${port}`

// The PWA, as `npm start` builds it when missing or stale.
spawnSync(process.execPath, ['scripts/build-if-needed.mjs'], { stdio: 'inherit' })
const postgres = process.env.DATABASE_URL ? undefined : await startPostgresCluster()
const s3 = process.env.STORAGE_URL ? undefined : await startS3Server()
const cluster = await startInstances({
  count: 2,
  postgresUrl: process.env.DATABASE_URL ?? postgres!.url,
  databaseUrl: process.env.DATABASE_URL,
  env: { ...s3?.env, PUBLIC_URL: publicUrl, TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'info' },
})
const targets = cluster.instances.map((instance) => new URL(instance.url))

// Round robin, one request (or websocket) after the other, as a reverse proxy would; X-Forwarded-For names the client.
let turn = 0
const nextTarget = () => targets[turn++ % targets.length]!
const proxy = http.createServer((request, response) => {
  const target = nextTarget()
  const forwarded = http.request(
    {
      host: target.hostname,
      port: target.port,
      method: request.method,
      path: request.url,
      headers: { ...request.headers, 'x-forwarded-for': request.socket.remoteAddress ?? '' },
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(response)
    },
  )
  forwarded.on('error', () => response.destroy())
  request.pipe(forwarded)
})
proxy.on('upgrade', (request, socket, head) => {
  const target = nextTarget()
  const upstream = net.connect(Number(target.port), target.hostname, () => {
    const headers = Object.entries(request.headers).map(([name, value]) => `${name}: ${String(value)}`)
    upstream.write(`${request.method} ${request.url} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`)
    upstream.write(head)
    socket.pipe(upstream).pipe(socket)
  })
  upstream.on('error', () => socket.destroy())
  socket.on('error', () => upstream.destroy())
})
await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve))

const health = async (url: string) =>
  ((await (await fetch(`${url}/api/health/`)).json()) as { loops: string[] }).loops
console.log(`
Lifeline on two instances behind a round-robin proxy: ${publicUrl}
${(await Promise.all(cluster.instances.map(async (i) => `  instance ${i.url}  loops: ${(await health(i.url)).join(', ') || 'none'}`))).join('\n')}
  PostgreSQL       ${cluster.databaseUrl}
  uploads          ${cluster.env.STORAGE_URL}
  local ledger     ${cluster.ledger.rpcUrl} (websocket ${cluster.ledger.wsUrl})
Ctrl-C stops everything.`)

let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  proxy.closeAllConnections()
  proxy.close()
  await cluster.stop()
  await s3?.stop()
  postgres?.stop()
  process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
