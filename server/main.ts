// `npm start`: config → database + migrations → local ledger (local mode: started here, or attached to with
// SOLANA_RPC_URL) → API (and PWA) on PORT/HOST.
import fs from 'node:fs'
import { buildApp } from './app'
import { ClusterMismatchError } from './chain'
import { ConfigError, loadConfig } from './config'
import { connectChain } from './connect-chain'
import { openDatabase } from './db/client'
import { DataDirInUseError } from './db/data-dir-lock'
import { vacuumLoop } from './db/housekeeper'
import { migrate } from './db/migrate'
import { startFromTemplate } from './db/pglite-template'
import { attachedLedger } from './attached-ledger'
import { advisoryLockJobs } from './jobs/advisory-lock-jobs'
import { inProcessJobs } from './jobs/jobs'
import { postgresPeers } from './lib/read-cache-peers'
import { startLocalLedger } from './local-ledger'
import { openStorage } from './storage/open-storage'
import { describeStorage } from './config/storage-url'
import { GenesisMismatchError } from './modules/payments/genesis-pin'
import { UsdcMintError } from './chain/usdc'

const SHUTDOWN_GRACE_MS = 10_000

async function main() {
  // Variables already in the environment win over the file (docs: .env.example).
  if (fs.existsSync('.env')) process.loadEnvFile('.env')
  const config = loadConfig()
  const database = await openDatabase(config, startFromTemplate)
  const applied = await migrate(database.db)
  const ledger =
    config.cluster !== 'local'
      ? undefined
      : config.embeddedLedger
        ? await startLocalLedger(config)
        : attachedLedger(config)
  const chain = await connectChain(config, database.db, ledger)
  const files = await openStorage(config)
  // Several instances on one PostgreSQL run each background loop once between them (server/jobs/), and tell each
  // other of their writes (server/lib/read-cache-peers.ts).
  const shared = database.driver === 'postgres' ? config.databaseUrl : undefined
  const jobs = shared ? advisoryLockJobs(shared) : inProcessJobs()
  const readCachePeers = shared ? postgresPeers(shared) : undefined
  const app = await buildApp(config, {
    db: database.db,
    ledger,
    chain,
    storage: files.public,
    privateStorage: files.private,
    jobs,
    readCachePeers,
  })
  // PostgreSQL servers vacuum themselves; PGlite has no autovacuum (server/db/housekeeper.ts).
  if (database.driver === 'pglite') jobs.runExclusively('vacuum', vacuumLoop(database.db, app.log))
  const log = app.log
  if (applied.length > 0) log.info({ applied }, 'migrations applied')
  if (ledger) {
    const how = config.embeddedLedger ? 'local ledger started' : 'attached to the local ledger'
    log.info({ rpcUrl: ledger.rpcUrl }, `${how}, mounted at /rpc`)
  }
  log.info({ genesisHash: chain.genesisHash }, `verifying payments on cluster ${config.cluster}`)
  await app.listen({ port: config.port, host: config.host })
  log.info(
    `Lifeline is serving ${config.publicUrl} (cluster ${config.cluster}, data in ${config.dataDir}, uploads: ${describeStorage(config.storage)})`,
  )

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    log.info({ signal }, 'shutting down: finishing requests in flight')
    setTimeout(() => {
      log.error('shutdown took longer than 10 s; exiting')
      process.exit(1)
    }, SHUTDOWN_GRACE_MS).unref()
    await app.close()
    await ledger?.close()
    await database.close()
    log.info('stopped')
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
}

main().catch((error: unknown) => {
  const refusals = [ConfigError, DataDirInUseError, ClusterMismatchError, GenesisMismatchError, UsdcMintError]
  if (refusals.some((kind) => error instanceof kind)) console.error((error as Error).message)
  else console.error('Lifeline failed to start:', error)
  process.exit(1)
})
