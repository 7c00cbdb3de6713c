import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { tokenAtom, userAtom, walletAtom, type User } from '../../../state/auth.atoms'
import { renderAt, resetApp, store, stubApi } from '../../../testing/harness'
import InvestPage from './InvestPage'

const user = (status: User['kyc']['status']): User =>
  ({ id: 1, wallet_address: 'W', email: 'a@b.c', is_admin: false, kyc: { status }, created_at: '' }) as User

describe('/airdrops/invest/{id}', () => {
  beforeEach(() => {
    resetApp()
    store.set(walletAtom, 'W')
    store.set(tokenAtom, 't')
  })
  afterEach(() => vi.unstubAllGlobals())

  it('sends an investor without approved KYC to the KYC screen first', async () => {
    stubApi({
      'GET /api/config/': () => ({ body: { max_upload_bytes: 5_242_880 } }),
      'GET /api/airdrop/campaigns/7/': () => ({ body: { id: 7, project_name: 'Solar pumps' } }),
      'GET /api/airdrop/kyc/me/': () => ({ body: { status: 'not_submitted' } }),
    })
    store.set(userAtom, user('not_submitted'))
    const { router } = renderAt('/airdrops/invest/7', [
      { path: '/airdrops/invest/:campaign_id', element: <InvestPage /> },
      { path: '/investor/kyc', element: <h1>KYC</h1> },
    ])
    expect(await screen.findByText('KYC verification is required before investing')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/investor/kyc')
  })

  it('shows the interest form to an approved investor', async () => {
    stubApi({
      'GET /api/config/': () => ({ body: { max_upload_bytes: 5_242_880 } }),
      'GET /api/airdrop/campaigns/7/': () => ({ body: { id: 7, project_name: 'Solar pumps' } }),
    })
    store.set(userAtom, user('approved'))
    renderAt('/airdrops/invest/7', [{ path: '/airdrops/invest/:campaign_id', element: <InvestPage /> }])
    expect(await screen.findByRole('form', { name: 'Investment interest' })).toBeTruthy()
  })
})
