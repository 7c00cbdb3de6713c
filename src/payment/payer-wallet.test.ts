import { createStore } from 'jotai'
import { describe, expect, test, vi } from 'vitest'
import { walletAtom, walletTypeAtom } from '../state/auth.atoms'
import { walletBridgeAtom, type WalletBridge } from '../state/wallet.atoms'
import { payerWallet } from './payer-wallet'

const bridge = (over: Partial<WalletBridge>): WalletBridge =>
  ({
    wallets: [{ name: 'Phantom', detected: true }],
    walletName: 'Phantom',
    address: null,
    connecting: false,
    connect: vi.fn().mockRejectedValue(new Error('already connecting')),
    ...over,
  }) as unknown as WalletBridge

function storeWith(current: WalletBridge) {
  const store = createStore()
  store.set(walletAtom, 'Donor1111')
  store.set(walletTypeAtom, 'Phantom')
  store.set(walletBridgeAtom, current)
  return store
}

describe('payerWallet', () => {
  test('waits for the reconnect the stack started on load instead of connecting a second time', async () => {
    const reconnecting = bridge({ connecting: true })
    const store = storeWith(reconnecting)
    setTimeout(() => store.set(walletBridgeAtom, bridge({ address: 'Donor1111' })), 250)
    expect((await payerWallet(store)).address).toBe('Donor1111')
    expect(reconnecting.connect).not.toHaveBeenCalled()
  })

  test('connects the stored wallet kind when nothing is connecting', async () => {
    const connect = vi.fn().mockResolvedValue('Donor1111')
    await payerWallet(storeWith(bridge({ connect })))
    expect(connect).toHaveBeenCalledWith('Phantom')
  })
})
