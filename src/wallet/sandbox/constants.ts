// The local-mode Sandbox wallet: a keypair kept in this browser, funded by the local faucets (SOL and test USDC).
import { DEVICE_KEY_PREFIX } from '../../state/storage'

export const SANDBOX_WALLET_NAME = 'Sandbox wallet'
export const SANDBOX_SECRET_KEY = `${DEVICE_KEY_PREFIX}sandbox-secret-key`
export const SANDBOX_AIRDROP_LAMPORTS = 2_000_000_000
/** Below this balance the faucet tops the wallet up on connect (0.1 SOL). */
export const SANDBOX_MIN_LAMPORTS = 100_000_000
/** Whole test USDC the API's faucet mints per top-up. */
export const SANDBOX_USDC_TOP_UP = 20
/** Below this balance (5 USDC, in micro-USDC) the wallet asks for a top-up on connect. */
export const SANDBOX_MIN_USDC_UNITS = 5_000_000n
