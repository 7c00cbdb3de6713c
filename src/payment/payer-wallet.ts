// The wallet that pays: the one the user signed in with, connected (the stack loads lazily, so a tap right after
// the page opens waits for it).
import { walletAtom, walletTypeAtom } from '../state/auth.atoms'
import type { Store } from '../flows/flow-runner'
import { walletBridgeAtom, walletStackRequestedAtom, type WalletBridge } from '../state/wallet.atoms'

export const WALLET_TEXT = {
  notFound: 'Phantom Wallet not found.',
  notConnected: 'Please connect your Phantom wallet.',
  otherWallet: 'Connect the wallet you signed in with.',
} as const

const BRIDGE_WAIT_MS = 8000

async function loadedBridge(store: Store): Promise<WalletBridge | null> {
  store.set(walletStackRequestedAtom, true)
  const deadline = Date.now() + BRIDGE_WAIT_MS
  for (;;) {
    const bridge = store.get(walletBridgeAtom)
    if (bridge && (bridge.address || bridge.wallets.some((wallet) => wallet.detected))) return bridge
    if (Date.now() > deadline) return bridge
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The connected bridge of the signed-in wallet, connecting the stored wallet kind when needed. */
export async function payerWallet(store: Store): Promise<WalletBridge> {
  let bridge = await loadedBridge(store)
  if (!bridge || !bridge.wallets.some((wallet) => wallet.detected)) throw new Error(WALLET_TEXT.notFound)
  // The stack reconnects the last wallet as it loads: a tap during that reconnect waits for it instead of
  // starting a second connect, which the adapter refuses.
  const deadline = Date.now() + BRIDGE_WAIT_MS
  while (bridge.connecting && !bridge.address && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    bridge = store.get(walletBridgeAtom) ?? bridge
  }
  const type = store.get(walletTypeAtom)
  const address = bridge.address ?? (type ? await bridge.connect(type).catch(() => null) : null)
  if (!address) throw new Error(WALLET_TEXT.notConnected)
  if (address !== store.get(walletAtom)) throw new Error(WALLET_TEXT.otherWallet)
  return store.get(walletBridgeAtom) ?? bridge
}
