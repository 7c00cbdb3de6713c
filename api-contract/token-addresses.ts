// Token program and USDC mint addresses as plain strings: the pure verifier (check-payment.ts) and the browser's
// "Verify" read them without web3.js.
/** The classic SPL Token program: the only one a USDC gift may use. */
export const TOKEN_PROGRAM_ADDRESS = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
/** Token-2022, whose look-alike USDC the verifier refuses. */
export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

/**
 * Circle's USDC mints.
 * @see https://developers.circle.com/stablecoins/usdc-contract-addresses
 */
export const KNOWN_USDC_MINTS = {
  'mainnet-beta': 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  devnet: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU',
} as const
