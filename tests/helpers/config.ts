// A Config for tests: never touches the disk, quiet logs, generous rate limits unless a test lowers them.
import os from 'node:os'
import { type Config, loadConfig } from '../../server/config'

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig(
    {
      DATA_DIR: os.tmpdir(),
      PUBLIC_URL: 'http://localhost:8080',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_NONCE: '10000',
      RATE_LIMIT_LOGIN: '10000',
      RATE_LIMIT_REGISTER: '10000',
      RATE_LIMIT_RELAY_WRITE: '10000',
      RATE_LIMIT_RELAY_READ: '10000',
    },
    { secrets: 'memory' },
  )
  return { ...base, ...overrides }
}

/** A clock tests can move: `clock.advance(11 * 60_000)` instead of waiting. */
export interface TestClock {
  (): Date
  advance(ms: number): void
}

export function testClock(start = new Date()): TestClock {
  let now = start.getTime()
  const clock = (() => new Date(now)) as TestClock
  clock.advance = (ms: number) => {
    now += ms
  }
  return clock
}
