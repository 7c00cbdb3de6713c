// Answers that are the same for everyone leave marked `Cache-Control: public` (server/plugins/public-answers.ts):
// the PWA's service worker keeps exactly those for offline use, and nothing a signed-in viewer was sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, createTestApp } from '../helpers/app'
import { registerAndSignIn } from '../helpers/wallet'
import { createEmergency } from './emergencies-fixtures'

let t: TestApp
let bearer: { authorization: string }
let emergencyId: number
beforeAll(async () => {
  t = await createTestApp()
  ;({ bearer } = await registerAndSignIn(t.app))
  emergencyId = (await createEmergency(t.app, bearer)).id
})
afterAll(() => t.close())

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers })

describe('public answers', () => {
  it('marks the public reads a visitor makes, cached here or not', async () => {
    for (const url of [
      '/api/config/',
      '/api/emergency/list/?page=1',
      '/api/emergency/featured/',
      `/api/emergency/detail/${emergencyId}/`,
      `/api/emergency/${emergencyId}/donations/?page=1`,
      '/api/emergency/public-donations/?page=1',
      '/api/airdrop/campaigns/',
    ]) {
      const answer = await get(url)
      expect(answer.statusCode, url).toBe(200)
      expect(answer.headers['cache-control'], url).toBe('public, no-cache')
    }
  })

  it('never marks what a signed-in viewer is sent, a private read, or an error', async () => {
    const signedIn = await get(`/api/emergency/detail/${emergencyId}/`, bearer)
    expect(signedIn.statusCode).toBe(200)
    expect(signedIn.headers['cache-control']).toBeUndefined()
    expect((await get('/api/users/me/', bearer)).headers['cache-control']).toBeUndefined()
    const missing = await get('/api/emergency/detail/987654/')
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['cache-control']).toBeUndefined()
  })
})
