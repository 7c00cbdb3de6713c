// The processes a benchmark measures: the real server (`server/main.ts`, as `npm start` runs it) and a bare
// Fastify route, each in its own Node process, so the load generator never shares their event loop.
import { type ChildProcess, spawn } from 'node:child_process'
import { join, resolve } from 'node:path'
import { freePort } from '../../tests/e2e/harness/ports'

export const repoRoot = resolve(import.meta.dirname, '../..')

export interface BenchServer {
  url: string
  /** the server's process id */
  pid: number
  /** what the process printed on stderr (stdout, the request log, is discarded as a log shipper would) */
  errors(): string
  stop(): Promise<void>
}

async function waitFor(url: string, child: ChildProcess, errors: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${errors()}`)
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${errors()}`)
}

/** `args` are node's: a TypeScript file runs through tsx (`--import tsx`), as the benches' own files do. */
export async function launch(args: string[], env: NodeJS.ProcessEnv, readyPath: string, port: number) {
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-20_000)))
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode !== null) return
    const exited = new Promise((done) => child.once('exit', done))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
    await exited
    clearTimeout(timer)
  }
  try {
    await waitFor(`${url}${readyPath}`, child, () => stderr, 120_000)
  } catch (error) {
    await stop()
    throw error
  }
  return { url, pid: child.pid!, errors: () => stderr, stop }
}

export const tsx = (file: string) => ['--import', 'tsx', file]

/**
 * The server on a prepared data directory (PGlite) or DATABASE_URL (PostgreSQL), local ledger: started the way
 * `npm start` starts it (scripts/start-server.mjs: the precompiled bundle), or from its sources through tsx.
 */
export async function startAppServer(
  env: { DATA_DIR: string; DATABASE_URL?: string },
  how: 'npm start' | 'sources' = 'sources',
): Promise<BenchServer> {
  const port = await freePort()
  const ledgerPort = await freePort(true)
  return launch(
    how === 'npm start'
      ? [join(repoRoot, 'scripts/start-server.mjs')]
      : tsx(join(repoRoot, 'server/main.ts')),
    {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LEDGER_PORT: String(ledgerPort),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SOLANA_CLUSTER: 'local',
      // The donation bench's clients are distinct addresses behind a proxy on loopback (X-Forwarded-For). By
      // address: Fastify 5.12 ignores a hop count (TRUST_PROXY=1 leaves every client at the proxy's address).
      TRUST_PROXY: '127.0.0.1',
    },
    '/api/config/',
    port,
  )
}

/** The ceiling: Fastify with one JSON route and nothing else (bench/api/bare-fastify.ts). */
export async function startBareFastify(): Promise<BenchServer> {
  const port = await freePort()
  return launch(tsx(join(import.meta.dirname, 'bare-fastify.ts')), { PORT: String(port) }, '/ping', port)
}

/** The same route behind some of the API's plugins (bench/api/plugin-server.ts). */
export async function startPluginServer(plugins: string[]): Promise<BenchServer> {
  const port = await freePort()
  return launch(
    tsx(join(import.meta.dirname, 'plugin-server.ts')),
    { PORT: String(port), PLUGINS: plugins.join(',') },
    '/ping',
    port,
  )
}
