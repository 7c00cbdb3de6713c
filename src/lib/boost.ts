// Boost (DESIGN §3): 0.1 SOL from the owner's wallet to the platform wallet through the bridge's pay(), then
// POST emergency/boost/ {emergency_id, tx_hash}. Shared by /create's boost modal and the dashboard.
import type { WalletBridge } from '../state/wallet.atoms'
import type { ApiClient } from './api-client'
import { loadConfig } from './config.api'
import { boostEmergency } from './emergencies.api'
import { parseSol } from './sol'

export const BOOST_TEXT = {
  ok: 'Emergency boosted successfully!',
  failed: 'Boost failed.',
  walletNotFound: 'Phantom Wallet not found.',
  walletNotConnected: 'Please connect your Phantom wallet.',
}

const BRIDGE_WAIT_MS = 8000

/** The wallet stack loads lazily: a tap right after the page opens waits for it (and for wallet detection). */
export async function awaitBridge(get: () => WalletBridge | null, timeoutMs = BRIDGE_WAIT_MS) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const bridge = get()
    if (bridge && (bridge.address || bridge.wallets.some((wallet) => wallet.detected))) return bridge
    if (Date.now() > deadline) return bridge
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The connected bridge, connecting the stored wallet kind when needed; throws the spec's wallet texts. */
export async function readyBridge(
  get: () => WalletBridge | null,
  walletType: string | null,
): Promise<WalletBridge> {
  const bridge = await awaitBridge(get)
  if (!bridge || !bridge.wallets.some((wallet) => wallet.detected)) throw new Error(BOOST_TEXT.walletNotFound)
  if (bridge.address) return bridge
  if (walletType && (await bridge.connect(walletType).catch(() => null))) return bridge
  throw new Error(BOOST_TEXT.walletNotConnected)
}

export async function payAndBoost(
  bridge: WalletBridge,
  plainApi: ApiClient,
  authApi: ApiClient,
  emergencyId: number,
) {
  const config = await loadConfig(plainApi)
  const lamports = parseSol(config.boost_fee)
  if (lamports === null) throw new Error(BOOST_TEXT.failed)
  const signature = await bridge.pay([{ to: config.platform_wallet, lamports }], { purpose: 'boost' })
  return boostEmergency(authApi, emergencyId, signature)
}
