import { act, render } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { walletBridgeAtom, walletEventAtom } from '../state/wallet.atoms'
import { resetApp, store } from '../testing/harness'
import { newFlow, savePendingFlow } from '../flows/pending-flow'
import { DeepLinkError } from './deeplink-protocol/errors'
import { unwrapWalletError, WalletSync } from './WalletSync'

interface FakeWalletState {
  name: string | null
  address: string | null
}
const state: FakeWalletState = { name: 'Phantom', address: 'AccountA' }
const select = vi.fn((name: string) => void (state.name = name))
const disconnect = vi.fn(async () => undefined)

const connection = {}
vi.mock('@solana/wallet-adapter-react', () => ({
  useConnection: () => ({ connection }),
  useWallet: () => ({
    wallets: [],
    wallet: state.name ? { adapter: { name: state.name } } : null,
    publicKey: state.address ? { toBase58: () => state.address } : null,
    connecting: false,
    select,
    connect: vi.fn(async () => undefined),
    disconnect,
    signMessage: vi.fn(),
  }),
}))

function mount() {
  const view = render(<WalletSync errorHandler={{ current: () => undefined }} />)
  act(() => store.set(walletEventAtom, null))
  return (next: Partial<FakeWalletState>) => {
    Object.assign(state, next)
    view.rerender(<WalletSync errorHandler={{ current: () => undefined }} />)
  }
}

describe('the wallet bridge', () => {
  beforeEach(() => {
    resetApp()
    Object.assign(state, { name: 'Phantom', address: 'AccountA' })
  })

  it('reports the silent reconnection after a reload as restored', () => {
    Object.assign(state, { address: null })
    const update = mount()
    update({ address: 'AccountA' })
    expect(store.get(walletEventAtom)).toMatchObject({
      kind: 'restored',
      address: 'AccountA',
      walletName: 'Phantom',
    })
  })

  it('reports an account switched inside the wallet', () => {
    const update = mount()
    expect(store.get(walletBridgeAtom)?.address).toBe('AccountA')
    update({ address: 'AccountB' })
    expect(store.get(walletEventAtom)).toMatchObject({ kind: 'account-changed', address: 'AccountB' })
  })

  it('reports a disconnect made in the wallet', () => {
    const update = mount()
    update({ address: null })
    expect(store.get(walletEventAtom)).toMatchObject({ kind: 'disconnected', address: null })
  })

  it('stays quiet about a switch the user made through our modal and resolves with the new address', async () => {
    const update = mount()
    let connected: Promise<string> = Promise.resolve('')
    act(() => void (connected = store.get(walletBridgeAtom)!.connect('Solflare')))
    expect(select).toHaveBeenCalledWith('Solflare')
    update({ address: null })
    update({ address: 'AccountC' })
    await expect(connected).resolves.toBe('AccountC')
    expect(store.get(walletEventAtom)).toBeNull()
  })

  it('stays quiet about its own disconnect (logout)', async () => {
    const update = mount()
    await act(() => store.get(walletBridgeAtom)!.disconnect())
    update({ address: null })
    expect(disconnect).toHaveBeenCalled()
    expect(store.get(walletEventAtom)).toBeNull()
  })

  it('leaves the reconnection after a wallet app sent the user back to the sign-in under way', () => {
    savePendingFlow(newFlow('sign-in', { walletName: 'Phantom', redirect: '/dashboard' }, '/login'))
    Object.assign(state, { address: null })
    const update = mount()
    update({ address: 'AccountA' })
    expect(store.get(walletEventAtom)).toBeNull()
  })

  it("passes a deep-link wallet's own text on, unwrapped from wallet-adapter's error", () => {
    const refusal = new DeepLinkError('rejected', 'User rejected Phantom connection.', 4001)
    const wrapped = Object.assign(new Error('wrapped'), { error: refusal })
    expect(unwrapWalletError(wrapped)).toBe(refusal)
    const other = Object.assign(new Error('wrapped'), { error: new Error('inner') })
    expect(unwrapWalletError(other)).toBe(other)
  })
})
