// Sign-In With Solana message text (the wallet signs it byte for byte).
// @see https://github.com/phantom/sign-in-with-solana (message format, modelled on EIP-4361)
import { randomBytes } from 'node:crypto'
import type { Cluster } from '../../config'

export const SIGN_IN_STATEMENT = 'Sign in to Lifeline'
export const NONCE_TTL_MS = 10 * 60 * 1000

export interface SiwsFields {
  domain: string
  address: string
  uri: string
  chainId: string
  nonce: string
  issuedAt: Date
  expirationTime: Date
}

export function chainIdOf(cluster: Cluster): string {
  if (cluster === 'mainnet-beta') return 'solana:mainnet'
  if (cluster === 'devnet') return 'solana:devnet'
  return 'localnet'
}

export function buildSiwsMessage(fields: SiwsFields): string {
  return [
    `${fields.domain} wants you to sign in with your Solana account:`,
    fields.address,
    '',
    SIGN_IN_STATEMENT,
    '',
    `URI: ${fields.uri}`,
    'Version: 1',
    `Chain ID: ${fields.chainId}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt.toISOString()}`,
    `Expiration Time: ${fields.expirationTime.toISOString()}`,
  ].join('\n')
}

/** The nonce line of a message, or undefined; the message itself is then compared with the stored one. */
export function nonceOf(message: string): string | undefined {
  return /^Nonce: ([A-Za-z0-9]{16,64})$/m.exec(message)?.[1]
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** 24 alphanumerics (≈143 bits); 62 does not divide 256, so bytes ≥ 248 are redrawn to avoid bias. */
export function newNonce(length = 24): string {
  let nonce = ''
  while (nonce.length < length) {
    for (const byte of randomBytes(length)) {
      if (byte < 248 && nonce.length < length) nonce += ALPHANUMERIC[byte % 62]
    }
  }
  return nonce
}
