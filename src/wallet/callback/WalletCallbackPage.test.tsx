import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderAt, resetApp, stubApi } from '../../testing/harness'
import { updateDeepLinkState } from '../deeplink-wallet/state'
import WalletCallbackPage from './WalletCallbackPage'

const routes = [
  { path: '/wallet/callback/:requestId', element: <WalletCallbackPage /> },
  { path: '/', element: <p>home screen</p> },
]
const ID = 'Ab3dEfGh1jKlMn0pQrStUv'

describe('the wallet callback page', () => {
  beforeEach(() => {
    resetApp()
    vi.unstubAllGlobals()
  })

  it('in a browser that did not ask, hands the answer to the relay and says to go back to Lifeline', async () => {
    const calls = stubApi({
      [`POST /api/wallet-relay/${ID}/`]: () => ({ status: 201, body: { stored: true } }),
    })
    renderAt(`/wallet/callback/${ID}?nonce=3yZe7d&data=3yZe7dQx`, routes)
    expect(await screen.findByRole('heading', { name: 'Go back to Lifeline' })).toBeTruthy()
    expect(screen.getByText(/Switch back to the Lifeline app/)).toBeTruthy()
    expect(calls.map(({ key, body }) => [key, body])).toEqual([
      [`POST /api/wallet-relay/${ID}/`, { nonce: '3yZe7d', data: '3yZe7dQx' }],
    ])
    expect(window.location.search).toBe('')
  })

  it('refuses an answer it already used and offers the way back', async () => {
    updateDeepLinkState((state) => (state.answered = [ID]))
    renderAt(`/wallet/callback/${ID}?nonce=3yZe7d&data=3yZe7dQx`, routes)
    expect((await screen.findByRole('alert')).textContent).toBe('This wallet answer was already used.')
    expect(screen.getByRole('heading', { name: 'Nothing to continue here' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to Lifeline' }).getAttribute('href')).toBe('/')
  })

  it('says so when the relay already has an answer for this request', async () => {
    stubApi({
      [`POST /api/wallet-relay/${ID}/`]: () => ({
        status: 409,
        body: { error: 'taken', detail: '', code: 'relay_taken' },
      }),
    })
    renderAt(`/wallet/callback/${ID}?errorCode=4001&errorMessage=no`, routes)
    expect((await screen.findByRole('alert')).textContent).toMatch(/already handed over, or it came too late/)
  })
})
