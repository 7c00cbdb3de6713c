import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { renderAt, resetApp, stubApi } from '../../testing/harness'
import CampaignPaymentsPage from './CampaignPaymentsPage'

const payment = {
  id: 3,
  campaign: 9,
  campaign_name: 'Solar Seeds',
  amount: '0.5',
  tx_hash: '5'.repeat(87),
  confirmed: false,
  rejected: false,
  unverified: false,
  submitted_at: '2026-11-28T09:00:00Z',
}

async function approveAnswered(status: number, body: unknown) {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  stubApi({
    'GET /api/airdrop/admin/campaign-payments/': () => ({
      body: { count: 1, next: null, previous: null, results: [payment] },
    }),
    'POST /api/airdrop/campaigns/9/approve-payment/': () => ({ status, body }),
  })
  renderAt('/admin/campaign-pay', [{ path: '/admin/campaign-pay', element: <CampaignPaymentsPage /> }])
  await userEvent.click(await screen.findByRole('button', { name: 'Approve' }))
}

describe('deciding a listing-fee claim', () => {
  beforeEach(resetApp)
  afterEach(() => {
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })

  test('says why the server refused, in its words, by its code (the ledger still unreachable)', async () => {
    await approveAnswered(503, {
      error: 'The ledger is not answering.',
      detail: '',
      code: 'ledger_unavailable',
    })
    expect(await screen.findByText('The ledger is not answering.', { selector: 'p' })).toBeTruthy()
  })

  test("a proxy's error page (no code) says the approval failed, not the proxy's words", async () => {
    await approveAnswered(502, { error: 'Bad Gateway' })
    expect(await screen.findByText('Failed to approve payment', { selector: 'p' })).toBeTruthy()
    expect(screen.queryByText(/Bad Gateway/)).toBeNull()
  })
})
