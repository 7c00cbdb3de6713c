import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { authStatusAtom } from '../../state/auth.atoms'
import { walletBridgeAtom } from '../../state/wallet.atoms'
import { fakeBridge, renderAt, resetApp, store, stubApi } from '../../testing/harness'
import RegisterPage from './RegisterPage'

const routes = [
  { path: '/register', element: <RegisterPage /> },
  { path: '/dashboard', element: <p>dashboard screen</p> },
  { path: '/donate/:id', element: <p>donate screen</p> },
]
const nonce = () => ({
  body: {
    message: 'Sign in to Lifeline\nNonce: x1y2z3x1y2z3x1y2',
    nonce: 'x1y2z3x1y2z3x1y2',
    expires_at: '',
  },
})

describe('the register screen', () => {
  beforeEach(() => {
    resetApp()
    vi.unstubAllGlobals()
  })

  it('asks for a wallet first and shows no e-mail form before the check', () => {
    store.set(walletBridgeAtom, fakeBridge({ address: null, walletName: null }).bridge)
    renderAt('/register', routes)
    expect(screen.getByRole('heading', { name: 'Register on Lifeline' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Select Wallet' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Register & Login' })).toBeNull()
  })

  it('promises no e-mail the product does not send (no receipts or updates by e-mail)', () => {
    store.set(walletBridgeAtom, fakeBridge({ address: null, walletName: null }).bridge)
    renderAt('/register', routes)
    expect(screen.getByText('Connect your wallet, then add your e-mail address.')).toBeTruthy()
    expect(screen.queryByText(/receipts|updates/i)).toBeNull()
  })

  it('checks the connected wallet and shows the e-mail form when it is not registered', async () => {
    store.set(walletBridgeAtom, fakeBridge().bridge)
    stubApi({ 'GET /api/users/check-wallet/': () => ({ body: { registered: false } }) })
    renderAt('/register', routes)
    expect(await screen.findByRole('button', { name: 'Register & Login' })).toBeTruthy()
    expect(screen.getByLabelText('Email')).toBeTruthy()
    expect(store.get(authStatusAtom)).toBe('wallet-checked')
  })

  it('says "Please enter a valid email." for an empty or malformed e-mail', async () => {
    store.set(walletBridgeAtom, fakeBridge().bridge)
    const calls = stubApi({ 'GET /api/users/check-wallet/': () => ({ body: { registered: false } }) })
    renderAt('/register', routes)
    await userEvent.click(await screen.findByRole('button', { name: 'Register & Login' }))
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email.')
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email')
    await userEvent.click(screen.getByRole('button', { name: 'Register & Login' }))
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email.')
    expect(calls.some((c) => c.key === 'POST /api/users/register/')).toBe(false)
  })

  it('says "Wallet not connected." when the wallet went away before submitting', async () => {
    const { bridge } = fakeBridge()
    store.set(walletBridgeAtom, bridge)
    stubApi({ 'GET /api/users/check-wallet/': () => ({ body: { registered: false } }) })
    renderAt('/register', routes)
    await screen.findByRole('button', { name: 'Register & Login' })
    act(() => store.set(walletBridgeAtom, { ...bridge, address: null }))
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.org')
    await userEvent.click(screen.getByRole('button', { name: 'Register & Login' }))
    expect(screen.getByRole('alert').textContent).toBe('Wallet not connected.')
  })

  it('registers with a signed nonce, logs in and follows the redirect', async () => {
    const { bridge, address } = fakeBridge()
    store.set(walletBridgeAtom, bridge)
    const calls = stubApi({
      'GET /api/users/check-wallet/': () => ({ body: { registered: false } }),
      'GET /api/users/nonce/': nonce,
      'POST /api/users/register/': () => ({ status: 201, body: { access: 'A', refresh: 'R' } }),
      'GET /api/users/me/': () => ({ status: 500, body: { error: 'later' } }),
    })
    const { router } = renderAt('/register?redirect=%2Fdonate%2F4', routes)
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.org')
    await userEvent.click(screen.getByRole('button', { name: 'Register & Login' }))
    expect(await screen.findByText('donate screen')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/donate/4')
    expect(screen.getByText('Registration successful!')).toBeTruthy()
    const body = calls.find((c) => c.key === 'POST /api/users/register/')?.body
    expect(body).toMatchObject({
      wallet_address: address,
      email: 'ada@example.org',
      message: nonce().body.message,
    })
    expect(localStorage.getItem('accessToken')).toBe('A')
  })

  it('shows the registration failure toast and the server error', async () => {
    store.set(walletBridgeAtom, fakeBridge().bridge)
    stubApi({
      'GET /api/users/check-wallet/': () => ({ body: { registered: false } }),
      'GET /api/users/nonce/': nonce,
      'POST /api/users/register/': () => ({
        status: 409,
        body: { error: 'Wallet already registered', code: 'wallet_already_registered' },
      }),
    })
    renderAt('/register', routes)
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.org')
    await userEvent.click(screen.getByRole('button', { name: 'Register & Login' }))
    expect(await screen.findByText('Registration failed. Please ensure your email is valid.')).toBeTruthy()
    expect(screen.getByText('Wallet already registered')).toBeTruthy()
  })

  it('logs a registered wallet straight in', async () => {
    store.set(walletBridgeAtom, fakeBridge().bridge)
    stubApi({
      'GET /api/users/check-wallet/': () => ({ body: { registered: true } }),
      'GET /api/users/nonce/': nonce,
      'POST /api/users/login/': () => ({ body: { access: 'A', refresh: 'R' } }),
      'GET /api/users/me/': () => ({ status: 500, body: { error: 'later' } }),
    })
    renderAt('/register', routes)
    expect(await screen.findByText('dashboard screen')).toBeTruthy()
    expect(screen.getByText('Login successful!')).toBeTruthy()
  })
})
