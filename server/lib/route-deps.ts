import type { Config } from '../config'
import type { Db } from '../db/client'
import type { Clock } from './clock'

/** What a module's routes are given when they need only the configuration, the database and the clock. */
export interface RouteDeps {
  config: Config
  db: Db
  clock: Clock
}
