// The app under test: buildApp() on a fresh database, driven with inject (no sockets).
import type { LookupFunction } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { type AppDeps, buildApp } from '../../server/app'
import type { Config } from '../../server/config'
import type { Db } from '../../server/db/client'
import { type TestClock, testClock, testConfig } from './config'
import { createTestDatabase } from './database'

export interface TestApp {
  app: FastifyInstance
  db: Db
  config: Config
  clock: TestClock
  close(): Promise<void>
}

export interface TestAppOptions {
  config?: Partial<Config>
  deps?: Partial<Omit<AppDeps, 'db' | 'clock'>>
  /** extra routes or hooks for the test, added before the app is ready (e.g. to exercise app.requireAdmin) */
  extend?: (app: FastifyInstance) => void | Promise<void>
}

/**
 * Name resolution for push endpoints in tests: this machine has no DNS, and no test may send a query (or anything)
 * off loopback. Every name is unknown, as a name that does not resolve yet; a test that needs one resolved says
 * how with `deps.pushLookup`.
 */
export const noNameResolution: LookupFunction = (hostname, _options, callback) => {
  const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`)
  error.code = 'ENOTFOUND'
  setImmediate(() => callback(error, '', 0))
}

/** Call once per test file (beforeAll) and `close()` in afterAll; each call gets its own database. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.config)
  const clock = testClock()
  const database = await createTestDatabase()
  const app = await buildApp(config, {
    distDir: '/nonexistent',
    pushLookup: noNameResolution,
    ...options.deps,
    db: database.db,
    clock,
  })
  await options.extend?.(app)
  await app.ready()
  return {
    app,
    db: database.db,
    config,
    clock,
    close: async () => {
      await app.close()
      await database.close()
    },
  }
}
