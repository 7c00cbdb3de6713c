import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { walletBridgeAtom } from '../state/wallet.atoms'
import { fakeBridge, renderAt, resetApp, store, stubApi } from '../testing/harness'
import WalletPicker, { NO_WALLET_FOUND_TEXT, WALLET_SEARCH_MS } from './WalletPicker'

const SOLFLARE_IN_APP =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Solflare/1.9'

describe('the wallet picker', () => {
  beforeEach(() => {
    resetApp()
    stubApi({})
  })
  afterEach(() => vi.restoreAllMocks())

  test("in Solflare's browser with no provider injected, says it found no wallet and offers the other ways", async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(SOLFLARE_IN_APP)
    store.set(walletBridgeAtom, fakeBridge({ wallets: [], address: null, walletName: null }).bridge)
    renderAt('/login', [{ path: '/login', element: <WalletPicker onSelect={() => {}} /> }])
    expect(screen.getByLabelText('Loading wallets')).toBeTruthy()
    expect(
      await screen.findByText(NO_WALLET_FOUND_TEXT, undefined, { timeout: WALLET_SEARCH_MS + 2000 }),
    ).toBeTruthy()
    expect(screen.queryByLabelText('Loading wallets')).toBeNull()
    const ways = screen.getByRole('list', { name: 'Ways to connect' })
    expect(ways.textContent).toContain('Open in Phantom')
    expect(ways.textContent).toContain('Open in Solflare')
  })
})
