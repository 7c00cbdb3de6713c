// The push outbox survives a restart: what a server could not send yet (the push service failing, or no worker
// running when the notice was written) is sent by the server started next on the same database, once.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PublicConfig } from '../../api-contract/config'
import { type AppDeps, buildApp } from '../../server/app'
import type { Config } from '../../server/config'
import type { Database } from '../../server/db/client'
import { eventually } from '../helpers/actions'
import { noNameResolution } from '../helpers/app'
import { type TestClock, testClock, testConfig } from '../helpers/config'
import { createTestDatabase } from '../helpers/database'
import { startPushService, type TestPushService } from '../helpers/push-service'
import { registerAndSignIn } from '../helpers/wallet'
import { createEmergency } from './emergencies-fixtures'

let database: Database
let service: TestPushService
/** The deployment's configuration, the same for every process: its JWT secret and its VAPID key pair too. */
let config: Config
beforeAll(async () => {
  ;[database, service] = await Promise.all([createTestDatabase(), startPushService()])
  config = testConfig({ push: { ...testConfig().push, allowedOrigins: new Set([service.origin]) } })
})
afterAll(async () => {
  await database?.close()
  await service?.close()
})

/** One server process's worth, on the shared database: its own clock, as a new process has. */
async function startServer(
  pushWorker: AppDeps['pushWorker'],
): Promise<{ app: FastifyInstance; clock: TestClock }> {
  const clock = testClock()
  const app = await buildApp(config, {
    db: database.db,
    clock,
    distDir: '/nonexistent',
    pushLookup: noNameResolution,
    pushWorker,
  })
  await app.ready()
  return { app, clock }
}

describe('the push outbox across a restart', () => {
  it('sends, after the restart, what the push service refused before it and what no worker was running for', async () => {
    let { app } = await startServer({ pollMs: 50 })
    const owner = await registerAndSignIn(app)
    const follower = await registerAndSignIn(app)
    const emergency = await createEmergency(app, owner.bearer, { title: 'Bridge repair' })
    const key = (await app.inject({ method: 'GET', url: '/api/config/' })).json<PublicConfig>()
      .push_public_key
    const phone = await service.subscribe(key)
    for (const [method, url, headers, payload] of [
      ['POST', '/api/push/subscriptions/', follower.bearer, phone],
      ['POST', `/api/emergency/${emergency.id}/follow/`, follower.bearer, undefined],
    ] as const)
      expect((await app.inject({ method, url, headers, payload })).statusCode).toBeLessThan(300)
    const post = (server: FastifyInstance, text: string) =>
      server.inject({
        method: 'POST',
        url: `/api/emergency/${emergency.id}/updates/`,
        headers: owner.bearer,
        payload: { text },
      })

    service.answerAll(503)
    const pushes = service.pushes()
    expect((await post(app, 'Refused by the push service')).statusCode).toBe(201)
    await eventually(async () => (service.pushes() > pushes ? true : undefined), 10_000, 'a push')
    await app.close()

    // A server that runs no worker writes a notice and stops.
    ;({ app } = await startServer(false))
    expect((await post(app, 'Written while no worker ran')).statusCode).toBe(201)
    await app.close()
    service.answerAll(undefined)
    expect(await service.received(phone)).toEqual([])

    const next = await startServer({ pollMs: 50 })
    try {
      // The refused one waits for its retry time: past it on the new process's clock.
      next.clock.advance(60_000)
      const shown = await eventually(async () => {
        const received = await service.received(phone)
        return received.length >= 2 ? received : undefined
      })
      expect(shown.map((n) => n.body).sort()).toEqual([
        'Refused by the push service',
        'Written while no worker ran',
      ])
      await new Promise((done) => setTimeout(done, 300))
      expect(await service.received(phone)).toHaveLength(2)
    } finally {
      await next.app.close()
    }
  })
})
