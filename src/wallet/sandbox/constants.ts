// The local-mode Sandbox wallet: a keypair kept in this browser, funded by the local faucet.
import { DEVICE_KEY_PREFIX } from '../../state/storage'

export const SANDBOX_WALLET_NAME = 'Sandbox wallet'
export const SANDBOX_SECRET_KEY = `${DEVICE_KEY_PREFIX}sandbox-secret-key`
export const SANDBOX_AIRDROP_LAMPORTS = 2_000_000_000
/** Below this balance the faucet tops the wallet up on connect (0.1 SOL). */
export const SANDBOX_MIN_LAMPORTS = 100_000_000
