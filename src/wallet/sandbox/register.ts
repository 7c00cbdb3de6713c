import { registerWallet } from '@wallet-standard/wallet'
import { SandboxWallet } from './SandboxWallet'

let registered: SandboxWallet | null = null

/**
 * Registers the Sandbox wallet with Wallet Standard. Refuses outside local mode: test keys must never appear
 * next to real wallets on devnet or mainnet.
 */
export function registerSandboxWallet(config: { cluster: string; rpc_url: string }): SandboxWallet {
  if (config.cluster !== 'local')
    throw new Error(`The Sandbox wallet exists only in local mode, not on ${config.cluster}`)
  if (!registered) {
    registered = new SandboxWallet(new URL(config.rpc_url, window.location.origin).toString())
    registerWallet(registered)
  }
  return registered
}
