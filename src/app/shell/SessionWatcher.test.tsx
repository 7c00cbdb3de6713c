import { act, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { SENT_ENDPOINT_KEY } from '../../notifications/device-support'
import { SESSION_LOST_EVENT } from '../../state/api'
import { refreshTokenAtom, tokenAtom, walletAtom, walletConnectedAtom } from '../../state/auth.atoms'
import { walletBridgeAtom, walletEventAtom, type WalletEvent } from '../../state/wallet.atoms'
import { Outlet } from 'react-router-dom'
import { fakeBridge, renderAt, resetApp, store, stubApi } from '../../testing/harness'
import { RequireAuth } from '../RequireAuth'
import { SessionWatcher } from './SessionWatcher'

// The watcher lives in the shell, around every page (src/app/shell/Layout.tsx).
const Shell = () => (
  <>
    <SessionWatcher />
    <Outlet />
  </>
)
const routes = [
  {
    element: <Shell />,
    children: [
      { path: '/', element: <p>home screen</p> },
      { path: '/login', element: <p>login screen</p> },
      { path: '/explore', element: <p>explore screen</p> },
      { element: <RequireAuth />, children: [{ path: '/dashboard', element: <p>dashboard screen</p> }] },
    ],
  },
]
let seq = 0
const emit = (event: Omit<WalletEvent, 'seq'>) =>
  act(() => store.set(walletEventAtom, { ...event, seq: ++seq }))

function loggedIn(address: string) {
  store.set(walletAtom, address)
  store.set(walletConnectedAtom, 'true')
  store.set(tokenAtom, 'A')
  store.set(refreshTokenAtom, 'R')
}

describe('the session watcher', () => {
  beforeEach(() => {
    resetApp()
    vi.unstubAllGlobals()
    stubApi({ 'POST /api/users/logout/': () => ({ status: 204 }) })
  })

  it('logs out and asks to log in again when a logged-in wallet switches account', async () => {
    const { bridge, address } = fakeBridge()
    store.set(walletBridgeAtom, bridge)
    loggedIn('OldAccount1111')
    const { router } = renderAt('/explore', routes)
    emit({ kind: 'account-changed', address, walletName: 'Phantom' })
    expect(await screen.findByText('Wallet switched! Please login again.')).toBeTruthy()
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(store.get(tokenAtom)).toBeNull()
    expect(localStorage.getItem('accessToken')).toBeNull()
  })

  it('clears everything and goes home when the wallet disconnects', async () => {
    const { bridge, address } = fakeBridge()
    store.set(walletBridgeAtom, bridge)
    loggedIn(address)
    const { router } = renderAt('/explore', routes)
    emit({ kind: 'disconnected', address: null, walletName: 'Phantom' })
    expect(await screen.findByText('Wallet changed. Please reconnect.')).toBeTruthy()
    await waitFor(() => expect(store.get(walletAtom)).toBeNull())
    expect(router.state.location.pathname).toBe('/')
    expect(localStorage.length).toBe(0)
  })

  it('goes home, not to /login, when the wallet disconnects on a signed-in page', async () => {
    const { bridge, address } = fakeBridge()
    store.set(walletBridgeAtom, bridge)
    loggedIn(address)
    const { router } = renderAt('/dashboard', routes)
    await screen.findByText('dashboard screen')
    emit({ kind: 'disconnected', address: null, walletName: 'Phantom' })
    expect(await screen.findByText('Wallet changed. Please reconnect.')).toBeTruthy()
    await waitFor(() => expect(store.get(tokenAtom)).toBeNull())
    await new Promise((settled) => setTimeout(settled, 50))
    expect(router.state.location.pathname).toBe('/')
    expect(screen.getByText('home screen')).toBeTruthy()
  })

  it('logs in automatically when the stored wallet reconnects without a token', async () => {
    const { bridge, address } = fakeBridge()
    store.set(walletBridgeAtom, bridge)
    store.set(walletAtom, address)
    store.set(walletConnectedAtom, 'true')
    stubApi({
      'GET /api/users/check-wallet/': () => ({ body: { registered: true } }),
      'GET /api/users/nonce/': () => ({
        body: { message: 'Sign in to Lifeline', nonce: 'n', expires_at: '' },
      }),
      'POST /api/users/login/': () => ({ body: { access: 'A2', refresh: 'R2' } }),
      'GET /api/users/me/': () => ({ status: 500, body: { error: 'later' } }),
    })
    const { router } = renderAt('/explore', routes)
    emit({ kind: 'restored', address, walletName: 'Phantom' })
    expect(await screen.findByText('Auto login successful!')).toBeTruthy()
    expect(store.get(tokenAtom)).toBe('A2')
    expect(router.state.location.pathname).toBe('/explore')
  })

  it('logs out and goes home when the session cannot be renewed', async () => {
    const { bridge, address } = fakeBridge()
    store.set(walletBridgeAtom, bridge)
    loggedIn(address)
    const { router } = renderAt('/explore', routes)
    act(() => void window.dispatchEvent(new Event(SESSION_LOST_EVENT)))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(store.get(tokenAtom)).toBeNull()
    expect(bridge.disconnect).toHaveBeenCalled()
  })

  it("forgets this device's push subscription at logout, before the session goes", async () => {
    const calls = stubApi({
      'POST /api/users/logout/': () => ({ status: 204 }),
      'DELETE /api/push/subscriptions/': () => ({ status: 204 }),
    })
    loggedIn('Wallet1111')
    localStorage.setItem(SENT_ENDPOINT_KEY, 'https://push.example.net/send/abc')
    const { router } = renderAt('/explore', routes)
    act(() => void window.dispatchEvent(new Event(SESSION_LOST_EVENT)))
    await waitFor(() => expect(store.get(tokenAtom)).toBeNull())
    expect(router.state.location.pathname).toBe('/')
    const forgotten = calls.find((call) => call.key === 'DELETE /api/push/subscriptions/')
    expect(forgotten?.body).toEqual({ endpoint: 'https://push.example.net/send/abc' })
    expect(localStorage.getItem(SENT_ENDPOINT_KEY)).toBeNull()
  })
})
