import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { Emergency } from '../../../api-contract/emergencies'
import { paymentStatusAtom } from '../../payment/payment-status'
import { renderAt, resetApp, store, stubApi } from '../../testing/harness'
import { DonationPanel } from './DonationPanel'

const emergency = {
  id: 4,
  title: 'Clinic roof',
  receiving_wallet: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
} as Emergency
const SOLFLARE_IN_APP =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Solflare/1.9'

describe('the donate form slot', () => {
  beforeEach(() => {
    resetApp()
    stubApi({})
  })
  afterEach(() => vi.restoreAllMocks())

  test("names Solflare on the Donate button inside Solflare's browser, before any wallet is connected", async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(SOLFLARE_IN_APP)
    renderAt('/donate/4', [{ path: '/donate/:id', element: <DonationPanel emergency={emergency} /> }])
    expect(await screen.findByRole('button', { name: 'Donate with Solflare' })).toBeTruthy()
  })
})

describe('after a recorded donation', () => {
  beforeEach(() => {
    resetApp()
    stubApi({})
  })

  test('thanks the donor with the amount, the transaction, Share and the ways on, in place of the form', async () => {
    const tx = '5'.repeat(88)
    store.set(paymentStatusAtom, {
      kind: 'donation',
      target: '4',
      busy: null,
      error: null,
      result: { currency: 'SOL', amount: '1370000000', tip: '70000000', tx_hash: tx },
    })
    const Share = () => <button type="button">Share</button>
    const { router } = renderAt('/donate/4', [
      {
        path: '/donate/:id',
        element: <DonationPanel emergency={emergency} thankYou={{ Share }} />,
      },
      { path: '/dashboard', element: <p>dashboard screen</p> },
    ])
    expect(screen.getByRole('heading', { name: 'Thank you!' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('Thank you! Your donation is confirmed and recorded.')
    expect(screen.getByText('1.37 SOL')).toBeTruthy()
    expect(screen.getByText(/0\.07 SOL tip/)).toBeTruthy()
    expect(screen.getByText(/^Transaction/).textContent).toContain('555555')
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy()
    expect(screen.queryByRole('form', { name: 'Donation' })).toBeNull()

    await userEvent.click(screen.getByRole('button', { name: 'Back to the emergency' }))
    expect(await screen.findByRole('form', { name: 'Donation' })).toBeTruthy()
    store.set(paymentStatusAtom, {
      kind: 'donation',
      target: '4',
      busy: null,
      error: null,
      result: { currency: 'SOL', amount: '1', tip: '0', tx_hash: tx },
    })
    await userEvent.click(await screen.findByRole('link', { name: 'My donations' }))
    expect(router.state.location.pathname).toBe('/dashboard')
  })
})
