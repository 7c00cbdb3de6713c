// Every suite `npm test` runs: unit (PWA in jsdom), node (server, ledger, contract, lint rules), pg (the API
// again on PostgreSQL), e2e (the built app in Chromium against a real server and ledger).
import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

// Vitest's default is one worker per core but one: a single worker on a 2-core machine. The suites wait on
// sockets, the ledger's slots and PostgreSQL part of the time, and a second worker fills that (node suite:
// 330 → 243 s). The e2e files still run one at a time, after the others (fileParallelism: false).
const workers = Math.max(2, availableParallelism())

export default defineConfig({
  test: {
    reporters: ['default'],
    maxWorkers: workers,
    projects: [
      {
        plugins: [react()],
        resolve: {
          alias: {
            'virtual:pwa-register': new URL('./tests/setup/pwa-register.ts', import.meta.url).pathname,
          },
        },
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/jsdom.ts'],
        },
      },
      {
        test: {
          name: 'node',
          environment: 'node',
          // One module graph per worker, not per file (import 59 → 10 s): these suites mock no module and keep no
          // state in modules; every file builds its own app on its own database.
          isolate: false,
          include: [
            'server/**/*.test.ts',
            'ledger-sim/**/*.test.ts',
            'api-contract/**/*.test.ts',
            'tests/api/**/*.test.ts',
            'eslint-rules/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'pg',
          environment: 'node',
          // The whole API suite again on PostgreSQL (tests/helpers picks it when TEST_DATABASE_URL is provided),
          // plus the PostgreSQL-only cases.
          include: ['tests/api/**/*.test.ts', 'tests/pg/**/*.test.ts'],
          isolate: false,
          globalSetup: ['tests/pg/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.spec.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
