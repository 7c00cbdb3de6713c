import { registerWallet } from '@wallet-standard/wallet'
import type { PublicConfig } from '../../../api-contract/config'
import { requestTestUsdc } from '../../lib/faucet.api'
import { api } from '../../state/api'
import { SANDBOX_USDC_TOP_UP } from './constants'
import { SandboxWallet } from './SandboxWallet'

let registered: SandboxWallet | null = null

/**
 * Registers the Sandbox wallet with Wallet Standard. Refuses outside local mode: test keys must never appear
 * next to real wallets on devnet or mainnet.
 */
export function registerSandboxWallet(
  config: Pick<PublicConfig, 'cluster' | 'rpc_url' | 'usdc_mint'>,
): SandboxWallet {
  if (config.cluster !== 'local')
    throw new Error(`The Sandbox wallet exists only in local mode, not on ${config.cluster}`)
  if (!registered) {
    // Test USDC from the API's faucet (local mode only), like SOL from the ledger's airdrop.
    const usdc = config.usdc_mint
      ? {
          mint: config.usdc_mint,
          topUp: (address: string) => requestTestUsdc(api, address, SANDBOX_USDC_TOP_UP),
        }
      : null
    registered = new SandboxWallet(new URL(config.rpc_url, window.location.origin).toString(), usdc)
    registerWallet(registered)
  }
  return registered
}
