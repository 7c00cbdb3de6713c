import { fireEvent, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { tokenAtom, userAtom, walletAtom, type User } from '../../../state/auth.atoms'
import { renderAt, resetApp, store, stubApi } from '../../../testing/harness'
import { InvestButton } from './InvestButton'

const user = (status: User['kyc']['status']): User =>
  ({ id: 1, wallet_address: 'W', email: 'a@b.c', is_admin: false, kyc: { status }, created_at: '' }) as User

function render() {
  const result = renderAt('/airdrops/view/7', [
    { path: '/airdrops/view/7', element: <InvestButton campaignId={7} /> },
    { path: '*', element: <p>elsewhere</p> },
  ])
  fireEvent.click(screen.getByRole('button', { name: 'Express Interest to Invest' }))
  return result.router
}

describe('the invest button', () => {
  beforeEach(() => {
    resetApp()
    stubApi({ 'GET /api/users/me/': () => new Promise(() => undefined) })
  })

  it('asks a visitor to log in and goes to /login', async () => {
    const router = render()
    expect(await screen.findByText('Please login to proceed as an investor')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/login')
  })

  it('asks to wait while the profile is loading and stays', async () => {
    store.set(walletAtom, 'W')
    store.set(tokenAtom, 't')
    const router = render()
    expect(await screen.findByText('Loading your profile. Please wait...')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/airdrops/view/7')
  })

  it('sends an investor without approved KYC to /investor/kyc', async () => {
    store.set(walletAtom, 'W')
    store.set(tokenAtom, 't')
    store.set(userAtom, user('pending'))
    const router = render()
    expect(await screen.findByText('KYC verification is required before investing')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/investor/kyc')
  })

  it('opens the interest form for an approved investor', () => {
    store.set(walletAtom, 'W')
    store.set(tokenAtom, 't')
    store.set(userAtom, user('approved'))
    const router = render()
    expect(router.state.location.pathname).toBe('/airdrops/invest/7')
  })
})
