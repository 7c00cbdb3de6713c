import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { Emergency } from '../../../api-contract/emergencies'
import { renderAt, resetApp, stubApi } from '../../testing/harness'
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
