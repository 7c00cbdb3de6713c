// A large emergency's CSV is streamed (issue 31): 100,000 donations leave over a real socket while the server holds
// one batch of rows at a time, so its retained memory stays flat however many rows the file has. The heap is
// measured after a full garbage collection at each few megabytes read. PostgreSQL only: on PGlite the seed
// alone takes most of a minute.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Emergency } from '../../api-contract/emergencies'
import { createTestApp, type TestApp } from '../helpers/app'
import { insertDonations } from '../helpers/donation-rows'
import { registerAndSignIn } from '../helpers/wallet'
import { createEmergency } from '../api/emergencies-fixtures'

const ROWS = 100_000
const MB = 1024 * 1024

setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

let t: TestApp
let base: string
let owner: Awaited<ReturnType<typeof registerAndSignIn>>
let emergency: Emergency
beforeAll(async () => {
  t = await createTestApp()
  owner = await registerAndSignIn(t.app)
  emergency = await createEmergency(t.app, owner.bearer, { title: 'Viral appeal' })
  await insertDonations(t.db, { emergencyId: emergency.id, donorWallet: owner.wallet.address, count: ROWS })
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
}, 180_000)
afterAll(async () => {
  await t.close()
})

/** The heap still in use after a full collection: what the process holds, not what it has yet to free. */
function retained(): number {
  collectGarbage()
  return process.memoryUsage().heapUsed
}

describe('GET /api/emergency/{id}/donations.csv at 100,000 donations', () => {
  it('streams every row while the server’s retained memory stays flat', async () => {
    const before = retained()
    const started = performance.now()
    const response = await fetch(`${base}/api/emergency/${emergency.id}/donations.csv`, {
      headers: { ...owner.bearer, 'accept-encoding': 'identity' },
    })
    expect(response.status).toBe(200)
    let bytes = 0
    let records = 0
    let nextSample = 4 * MB
    let peak = 0
    let previous = 0
    const reader = response.body!.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      bytes += value.length
      // Each record ends with CRLF (which a chunk may split); a comment's own line break is a bare LF.
      for (const byte of value) {
        if (byte === 0x0a && previous === 0x0d) records++
        previous = byte
      }
      if (bytes >= nextSample) {
        peak = Math.max(peak, retained() - before)
        nextSample += 4 * MB
      }
    }
    const seconds = (performance.now() - started) / 1000
    const after = retained() - before
    process.stdout.write(
      `CSV of ${ROWS} donations: ${(bytes / MB).toFixed(1)} MB streamed in ${seconds.toFixed(1)} s ` +
        `(a garbage collection every 4 MB included); retained heap growth ` +
        `peak ${(peak / MB).toFixed(1)} MB, after ${(after / MB).toFixed(1)} MB\n`,
    )
    expect(records).toBe(ROWS + 1) // the header, then one record per donation
    expect(bytes).toBeGreaterThan(30 * MB)
    // Holding the rows would retain well over the file's size; one batch of 1,000 is about a megabyte.
    expect(peak).toBeLessThan(12 * MB)
  }, 180_000)
})
