// The app under test: buildApp() on a fresh database, driven with inject (no sockets).
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

/** Call once per test file (beforeAll) and `close()` in afterAll; each call gets its own database. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.config)
  const clock = testClock()
  const database = await createTestDatabase()
  const app = await buildApp(config, { distDir: '/nonexistent', ...options.deps, db: database.db, clock })
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
