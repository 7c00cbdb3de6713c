import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { authStatusAtom, tokenAtom } from '../../state/auth.atoms'
import { walletBridgeAtom } from '../../state/wallet.atoms'
import { fakeBridge, renderAt, resetApp, store, stubApi } from '../../testing/harness'
import LoginPage from './LoginPage'

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/dashboard', element: <p>dashboard screen</p> },
  { path: '/create', element: <p>create screen</p> },
  { path: '/register', element: <p>register screen</p> },
]
const MESSAGE =
  'localhost wants you to sign in with your Solana account:\nAbc\n\nSign in to Lifeline\n\nNonce: abcdefgh12345678'

describe('the login screen', () => {
  beforeEach(() => {
    resetApp()
    vi.unstubAllGlobals()
  })

  it('names the product and, with no wallet connected, offers choosing one as the only way in', async () => {
    store.set(walletBridgeAtom, fakeBridge({ address: null, walletName: null }).bridge)
    renderAt('/login', routes)
    expect(screen.getByRole('heading', { name: 'Login to Lifeline' })).toBeTruthy()
    expect(screen.getByText('No wallet connected yet.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Direct Login' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Select Wallet' }).className).toMatch(/primary/)
    await userEvent.click(screen.getByRole('button', { name: 'Select Wallet' }))
    const dialog = screen.getByRole('dialog', { name: 'Select Wallet' })
    await waitFor(() => expect(dialog.textContent).toContain('Phantom'))
    expect(dialog.textContent).toContain('Solflare')
  })

  it('shows progress and disables the buttons while connecting and while checking the wallet', () => {
    store.set(walletBridgeAtom, fakeBridge().bridge)
    store.set(authStatusAtom, 'connecting')
    renderAt('/login', routes)
    expect(screen.getByRole('status').textContent).toContain('Connecting to your wallet')
    expect((screen.getByRole('button', { name: 'Direct Login' }) as HTMLButtonElement).disabled).toBe(true)
    act(() => store.set(authStatusAtom, 'checking-wallet'))
    expect(screen.getByRole('status').textContent).toContain('Checking your wallet')
    expect((screen.getByRole('button', { name: 'Switch Wallet' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('signs the exact nonce message, logs in and follows the redirect parameter', async () => {
    let release: () => void = () => undefined
    const { bridge, keys, address } = fakeBridge()
    const sign = bridge.signMessage
    bridge.signMessage = async (bytes) => {
      await new Promise<void>((resolve) => (release = resolve))
      return sign(bytes)
    }
    store.set(walletBridgeAtom, bridge)
    const calls = stubApi({
      'GET /api/users/check-wallet/': () => ({ body: { registered: true } }),
      'GET /api/users/nonce/': () => ({
        body: { message: MESSAGE, nonce: 'abcdefgh12345678', expires_at: '' },
      }),
      'POST /api/users/login/': () => ({ body: { access: 'A', refresh: 'R' } }),
      'GET /api/users/me/': () => ({
        body: {
          id: 1,
          wallet_address: address,
          email: 'a@b.co',
          is_admin: false,
          kyc: { status: 'not_submitted' },
          created_at: '',
        },
      }),
    })
    const { router } = renderAt('/login?redirect=%2Fcreate', routes)
    await userEvent.click(screen.getByRole('button', { name: 'Direct Login' }))
    expect((await screen.findByRole('status')).textContent).toContain('Approve the sign-in message')
    act(() => release())
    expect(await screen.findByText('create screen')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/create')
    expect(screen.getByText('Login successful!')).toBeTruthy()
    expect(store.get(tokenAtom)).toBe('A')
    expect(localStorage.getItem('accessToken')).toBe('A')
    expect(localStorage.getItem('refreshToken')).toBe('R')
    const login = calls.find((c) => c.key === 'POST /api/users/login/')?.body as {
      signature: string
      message: string
      wallet_address: string
    }
    expect(login.message).toBe(MESSAGE)
    expect(login.wallet_address).toBe(address)
    expect(
      nacl.sign.detached.verify(
        new TextEncoder().encode(MESSAGE),
        bs58.decode(login.signature),
        keys.publicKey,
      ),
    ).toBe(true)
  })

  it('goes to /dashboard by default after login', async () => {
    store.set(walletBridgeAtom, fakeBridge().bridge)
    stubApi({
      'GET /api/users/check-wallet/': () => ({ body: { registered: true } }),
      'GET /api/users/nonce/': () => ({ body: { message: MESSAGE, nonce: 'n', expires_at: '' } }),
      'POST /api/users/login/': () => ({ body: { access: 'A', refresh: 'R' } }),
      'GET /api/users/me/': () => ({ status: 500, body: { error: 'later' } }),
    })
    renderAt('/login', routes)
    await userEvent.click(screen.getByRole('button', { name: 'Direct Login' }))
    expect(await screen.findByText('dashboard screen')).toBeTruthy()
  })

  it('reports a refused login with the toast and the server error', async () => {
    store.set(walletBridgeAtom, fakeBridge().bridge)
    stubApi({
      'GET /api/users/check-wallet/': () => ({ body: { registered: true } }),
      'GET /api/users/nonce/': () => ({ body: { message: MESSAGE, nonce: 'n', expires_at: '' } }),
      'POST /api/users/login/': () => ({
        status: 401,
        body: { error: 'Invalid signature', code: 'invalid_signature' },
      }),
    })
    renderAt('/login', routes)
    await userEvent.click(screen.getByRole('button', { name: 'Direct Login' }))
    expect(await screen.findByText('Login failed.')).toBeTruthy()
    expect(screen.getByText('Invalid signature')).toBeTruthy()
    expect(store.get(authStatusAtom)).toBe('failed')
  })

  it('reports a refused signature as a signing failure', async () => {
    store.set(
      walletBridgeAtom,
      fakeBridge({ signMessage: async () => Promise.reject(new Error('User rejected the request.')) }).bridge,
    )
    stubApi({
      'GET /api/users/check-wallet/': () => ({ body: { registered: true } }),
      'GET /api/users/nonce/': () => ({ body: { message: MESSAGE, nonce: 'n', expires_at: '' } }),
    })
    renderAt('/login', routes)
    await userEvent.click(screen.getByRole('button', { name: 'Direct Login' }))
    expect(await screen.findByText('Message signing failed')).toBeTruthy()
  })

  it('sends an unregistered wallet to /register after 2 seconds, keeping the redirect', async () => {
    store.set(walletBridgeAtom, fakeBridge().bridge)
    stubApi({ 'GET /api/users/check-wallet/': () => ({ body: { registered: false } }) })
    const { router } = renderAt('/login?redirect=%2Fcreate', routes)
    await userEvent.click(screen.getByRole('button', { name: 'Direct Login' }))
    expect(await screen.findByText('Wallet not registered. Redirecting...')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/login')
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'), { timeout: 3000 })
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/create')
  })

  it('connects the wallet picked in the modal and announces it', async () => {
    const { bridge } = fakeBridge({ address: null, walletName: null })
    bridge.wallets = bridge.wallets.map((wallet) => ({ ...wallet, installed: true }))
    store.set(walletBridgeAtom, bridge)
    stubApi({
      'GET /api/users/check-wallet/': () => ({
        status: 503,
        body: { error: 'The service is busy. Please retry in a moment.', code: 'service_unavailable' },
      }),
    })
    renderAt('/login', routes)
    await userEvent.click(screen.getByRole('button', { name: 'Select Wallet' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Solflare' }))
    expect(bridge.connect).toHaveBeenCalledWith('Solflare')
    expect(await screen.findByText('Wallet Connected!')).toBeTruthy()
    expect(await screen.findByText('Wallet check failed.')).toBeTruthy()
    expect(localStorage.getItem('wallet_type')).toBe('Solflare')
    expect(localStorage.getItem('wallet_connected')).toBe('true')
  })
})
