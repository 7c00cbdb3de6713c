// The real server as `npm start` runs it (scripts/start-server.mjs: the precompiled bundle, rebuilt first when a
// source changed) as a child process, with its own data dir and ports.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { freePort } from './ports'

export const repoRoot = resolve(import.meta.dirname, '../../..')

export interface ServerOptions {
  adminWallets?: string[]
  /** Another checkout to run the server of (its own node_modules and build), e.g. a benchmark's baseline. */
  root?: string
  /** More environment for the server (read when it starts, so a spec may fill it in an earlier beforeAll). */
  env?: NodeJS.ProcessEnv
}

export interface RunningServer {
  url: string
  rpcUrl: string
  /** Everything the server printed so far (stdout and stderr interleaved). */
  output(): string
  stop(): Promise<void>
}

const START_TIMEOUT_MS = 90_000

async function waitForConfig(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`)
    const ok = await fetch(`${url}/api/config/`).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return
    await new Promise((done) => setTimeout(done, 250))
  }
  throw new Error(`server did not answer GET /api/config/ within ${START_TIMEOUT_MS} ms:\n${output()}`)
}

function exited(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true)
  return new Promise((done) => {
    const timer = setTimeout(() => done(false), ms)
    child.once('exit', () => {
      clearTimeout(timer)
      done(true)
    })
  })
}

/**
 * The runner's environment minus what Vitest adds (NODE_ENV=test, VITEST_*), so the server and the PWA build
 * run as `npm start` runs them (a NODE_ENV=test build would ship React's development runtime).
 */
export function inheritedEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')),
  )
}

export interface SpawnedServer {
  child: ChildProcess
  /** Everything the server printed so far (stdout and stderr interleaved). */
  output(): string
}

/**
 * The server as `npm start` runs it, in a child process with `env` added to the runner's; resolves once it answers
 * GET /api/config/ at `url`. A server that does not answer is killed.
 */
export async function spawnServer(
  url: string,
  env: NodeJS.ProcessEnv,
  root = repoRoot,
): Promise<SpawnedServer> {
  let log = ''
  const child = spawn(process.execPath, ['scripts/start-server.mjs'], {
    cwd: root,
    env: { ...inheritedEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  const output = () => log
  try {
    await waitForConfig(url, child, output)
  } catch (error) {
    child.kill('SIGKILL')
    await exited(child, 5_000)
    throw error
  }
  return { child, output }
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lifeline-e2e-'))
  const port = await freePort()
  const ledgerPort = await freePort(true)
  const url = `http://localhost:${port}`
  const server = await spawnServer(
    url,
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      LEDGER_PORT: String(ledgerPort),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      SOLANA_CLUSTER: 'local',
      ADMIN_WALLETS: (options.adminWallets ?? []).join(','),
      ...options.env,
    },
    options.root,
  ).catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true })
    throw error
  })
  const { child, output } = server

  const stop = async () => {
    child.kill('SIGTERM')
    if (!(await exited(child, 5_000))) {
      child.kill('SIGKILL')
      await exited(child, 5_000)
    }
    await rm(dataDir, { recursive: true, force: true })
  }
  return { url, rpcUrl: `${url}/rpc`, output, stop }
}
