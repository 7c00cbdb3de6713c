// Removes the files a killed process left behind (server/storage/file-journal.ts): once when the app is ready, then
// periodically, as often as staged uploads become due (twice the request timeout, at most every minute).
import type { FastifyInstance } from 'fastify'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { type Buckets, recoverFiles } from '../storage/file-journal'
import { safeForLog } from './errors'

export function registerFileRecovery(
  app: FastifyInstance,
  config: Pick<Config, 'requestTimeoutMs'>,
  db: Db,
  buckets: Buckets,
) {
  const everyMs = Math.min(60_000, 2 * config.requestTimeoutMs)
  const pass = async () => {
    try {
      const removed = await recoverFiles(db, buckets)
      if (removed > 0) app.log.info({ removed }, 'removed files left by an interrupted upload or deletion')
    } catch (error) {
      app.log.warn({ err: safeForLog(error) }, 'file recovery failed')
    }
  }
  let timer: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    await pass()
    timer = setInterval(() => void pass(), everyMs).unref()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}
