// Another instance for the live bench: the API on DATABASE_URL without a ledger of its own (it serves live streams
// and reads, as an extra instance behind a load balancer would; the first instance migrated the database). On
// SIGUSR2 it collects its garbage (node --expose-gc) and prints its memory on stderr, as JSON.
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { openDatabase } from '../../server/db/client'

const config = loadConfig()
const database = await openDatabase(config)
const app = await buildApp(config, { db: database.db })
await app.listen({ port: config.port, host: config.host })
process.on('SIGUSR2', () => {
  ;(globalThis as { gc?: () => void }).gc?.()
  console.error(JSON.stringify({ memory: process.memoryUsage() }))
})
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0))
})
