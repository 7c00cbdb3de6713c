// A throwaway PostgreSQL cluster for the pg project (tests/helpers/postgres-cluster.ts). Tests receive its URL as
// TEST_DATABASE_URL (vitest provide/inject); each test file works in its own schema.
import type { TestProject } from 'vitest/node'
import { startPostgresCluster } from '../helpers/postgres-cluster'

export default async function setup(project: TestProject) {
  // An existing server can be used instead (each test file still gets its own schema).
  if (process.env.TEST_DATABASE_URL) {
    project.provide('TEST_DATABASE_URL', process.env.TEST_DATABASE_URL)
    return
  }
  const cluster = await startPostgresCluster()
  project.provide('TEST_DATABASE_URL', cluster.url)
  return () => cluster.stop()
}
