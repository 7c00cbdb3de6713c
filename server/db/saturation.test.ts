import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestPglite } from '../../tests/helpers/database'
import { asDatabaseBusy, boundPgliteQueue, DatabaseBusyError } from './saturation'

describe("PGlite's bounded queue", () => {
  let client: PGlite
  beforeAll(async () => {
    client = await createTestPglite()
    boundPgliteQueue(client, 2)
  })
  afterAll(() => client.close())

  it('runs what fits in the queue and refuses the rest at once', async () => {
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => client.query('select 1')))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2)
    for (const refused of results.filter((r) => r.status === 'rejected'))
      expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(DatabaseBusyError)
    // The queue drains: later requests run again.
    await expect(client.query('select 1')).resolves.toBeDefined()
  })
})

describe('recognising a busy database', () => {
  it('sees timeouts, cancelled statements and refused connections through the errors that wrap them', () => {
    const wrapped = (cause: unknown) => Object.assign(new Error('Failed query'), { cause })
    expect(
      asDatabaseBusy(wrapped(Object.assign(new Error('canceling statement'), { code: '57014' }))),
    ).toMatchObject({
      status: 503,
      code: 'database_busy',
    })
    expect(asDatabaseBusy(new Error('timeout exceeded when trying to connect'))?.status).toBe(503)
    expect(
      asDatabaseBusy(wrapped(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })))?.status,
    ).toBe(503)
  })

  it('leaves other errors alone: a broken query is a bug, not a busy database', () => {
    expect(asDatabaseBusy(Object.assign(new Error('syntax error'), { code: '42601' }))).toBeUndefined()
    expect(asDatabaseBusy(new Error('boom'))).toBeUndefined()
  })
})
