import { describe, expect, it, vi } from 'vitest'
import { ApiError, createAuthClient, createPlainClient, type SessionHooks } from './api-client'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

function session(access: string | null, refresh: string | null) {
  const state = { access, refresh, lost: 0, refreshed: 0 }
  const hooks: SessionHooks = {
    getAccessToken: () => state.access,
    getRefreshToken: () => state.refresh,
    onRefreshed: (tokens) => {
      state.access = tokens.access
      state.refresh = tokens.refresh
      state.refreshed++
    },
    onSessionLost: () => state.lost++,
  }
  return { state, hooks }
}

const auth = (init?: RequestInit) => (init?.headers as Record<string, string> | undefined)?.Authorization

describe('the API client', () => {
  it('throws ApiError carrying the server error text', async () => {
    const fetchStub = vi.fn(async () => json(404, { error: 'Wallet not registered', code: 'not_registered' }))
    const api = createPlainClient('/api', fetchStub)
    const error = await api.post('users/login/', {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).message).toBe('Wallet not registered')
    expect((error as ApiError).status).toBe(404)
  })

  it('adds the bearer header when a token is stored', async () => {
    const fetchStub = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => json(200, { id: 1 }))
    const { hooks } = session('A1', 'R1')
    await createAuthClient('/api', hooks, fetchStub).get('users/me/')
    expect(auth(fetchStub.mock.calls[0]?.[1])).toBe('Bearer A1')
  })

  it('refreshes once on a 401 and retries with the new token', async () => {
    const { state, hooks } = session('old', 'R1')
    const fetchStub = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      if (String(url).endsWith('users/token/refresh/')) return json(200, { access: 'new', refresh: 'R2' })
      return auth(init) === 'Bearer new' ? json(200, { ok: true }) : json(401, { error: 'Token expired' })
    })
    const api = createAuthClient('/api', hooks, fetchStub)
    const [a, b] = await Promise.all([api.get('users/me/'), api.get('emergency/my-donations/')])
    expect(a).toEqual({ ok: true })
    expect(b).toEqual({ ok: true })
    const refreshCalls = fetchStub.mock.calls.filter(([url]) => String(url).endsWith('users/token/refresh/'))
    expect(refreshCalls).toHaveLength(1)
    expect(JSON.parse(String(refreshCalls[0]?.[1]?.body))).toEqual({ refresh: 'R1' })
    expect(state).toMatchObject({ access: 'new', refresh: 'R2', refreshed: 1, lost: 0 })
  })

  it('logs out when the refresh fails, without retrying again', async () => {
    const { state, hooks } = session('old', 'R1')
    const fetchStub = vi.fn(async (url: RequestInfo | URL) =>
      String(url).endsWith('users/token/refresh/')
        ? json(401, { error: 'Refresh token revoked' })
        : json(401, { error: 'Token expired' }),
    )
    const error = await createAuthClient('/api', hooks, fetchStub)
      .get('users/me/')
      .catch((e: unknown) => e)
    expect((error as ApiError).status).toBe(401)
    expect(fetchStub).toHaveBeenCalledTimes(2)
    expect(state.lost).toBe(1)
  })

  it('logs out when the retried request is still refused', async () => {
    const { state, hooks } = session('old', 'R1')
    const fetchStub = vi.fn(async (url: RequestInfo | URL) =>
      String(url).endsWith('users/token/refresh/')
        ? json(200, { access: 'new', refresh: 'R2' })
        : json(401, { error: 'Token expired' }),
    )
    await expect(createAuthClient('/api', hooks, fetchStub).get('users/me/')).rejects.toThrow('Token expired')
    expect(fetchStub).toHaveBeenCalledTimes(3)
    expect(state.lost).toBe(1)
  })
})
