import { PublicKey } from '@solana/web3.js'

const SEED = 'lifeline-actions'

/**
 * The key every Action transaction of this deployment carries beside its reference, so the watcher finds all of
 * them with one getSignaturesForAddress call however many references are open (docs/decisions/005).
 * An off-curve address derived from the platform wallet: unique per deployment, stable across restarts, and
 * nobody holds a private key for it.
 */
export function watchKeyFor(platformWallet: string): PublicKey {
  return PublicKey.findProgramAddressSync([Buffer.from(SEED)], new PublicKey(platformWallet))[0]
}
