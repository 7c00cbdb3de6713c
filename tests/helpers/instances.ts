// Several Lifeline instances as `npm start` runs them (tests/e2e/harness/server.ts spawnServer), sharing what a
// deployment behind a load balancer shares (docs/deployment.md): one PostgreSQL database, one local ledger
// attached to with SOLANA_RPC_URL, the secrets, the public origin and, when given, one bucket. Used by
// tests/pg/instances.test.ts, the two-instance bench and `npm run instances`.
import type { ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Keypair } from '@solana/web3.js'
import { randomBytes } from 'node:crypto'
import { startLedger, type RunningLedger } from '../../ledger-sim'
import { freePort } from '../e2e/harness/ports'
import { spawnServer } from '../e2e/harness/server'
import { freshDatabase } from './database'

export interface Instance {
  url: string
  child: ChildProcess
  output(): string
}

export interface Instances {
  instances: Instance[]
  /** the database every instance uses */
  databaseUrl: string
  ledger: RunningLedger
  /** the environment every instance shares (the secrets, the database, the ledger, the storage) */
  env: NodeJS.ProcessEnv
  /** starts one more instance on the same environment (or restarts one that was killed) */
  add(): Promise<Instance>
  stop(): Promise<void>
}

export interface InstancesOptions {
  count: number
  /** a PostgreSQL server: the instances get a fresh database of their own on it */
  postgresUrl: string
  /** what every instance also gets (STORAGE_URL and its AWS_* credentials, rate limits, log level …) */
  env?: NodeJS.ProcessEnv
  /** a database already prepared (the bench's seeded one): used as it is, and kept */
  databaseUrl?: string
}

/** Sends SIGTERM, then SIGKILL if it has not exited within 10 s; resolves once it has. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((done) => child.once('exit', done))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}

export async function startInstances(options: InstancesOptions): Promise<Instances> {
  const database = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => undefined }
    : await freshDatabase(options.postgresUrl, 'instances')
  const ledger = await startLedger({ port: await freePort(true) })
  const publicPort = await freePort()
  const env: NodeJS.ProcessEnv = {
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    SOLANA_CLUSTER: 'local',
    SOLANA_RPC_URL: ledger.rpcUrl,
    SOLANA_WS_URL: ledger.wsUrl,
    // What a load balancer's instances must share: the token key, the platform wallet, the public origin (the
    // sign-in domain every nonce names).
    JWT_SECRET: randomBytes(32).toString('hex'),
    PLATFORM_WALLET: Keypair.generate().publicKey.toBase58(),
    PUBLIC_URL: `http://127.0.0.1:${publicPort}`,
    LOG_LEVEL: 'warn',
    ...options.env,
  }
  const dataDirs: string[] = []
  const instances: Instance[] = []
  const add = async () => {
    const port = await freePort()
    const dataDir = await mkdtemp(join(tmpdir(), 'lifeline-instance-'))
    dataDirs.push(dataDir)
    const url = `http://127.0.0.1:${port}`
    const spawned = await spawnServer(url, { ...env, PORT: String(port), DATA_DIR: dataDir })
    const instance = { url, ...spawned }
    instances.push(instance)
    return instance
  }
  const stop = async () => {
    await Promise.all(instances.map((instance) => stopProcess(instance.child)))
    await ledger.close()
    await database.drop()
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })))
  }
  try {
    // Together, as a deployment's instances start: the first to take the migrations' lock applies them.
    await Promise.all(Array.from({ length: options.count }, add))
  } catch (error) {
    await stop()
    throw error
  }
  return { instances, databaseUrl: database.url, ledger, env, add, stop }
}
