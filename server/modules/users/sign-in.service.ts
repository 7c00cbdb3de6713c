// Wallet sign-in: the server issues a SIWS message with a single-use nonce; login and registration accept only
// that exact message, for that wallet, unexpired and unused, signed by the wallet's Ed25519 key.
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import type { NonceResponse } from '../../../api-contract/users'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { Clock } from '../../lib/clock'
import { badRequest, unauthorized } from '../../lib/errors'
import * as nonces from './nonces.repository'
import { NONCE_TTL_MS, buildSiwsMessage, chainIdOf, newNonce, nonceOf } from './siws'

export interface SignedMessage {
  wallet_address: string
  signature: string
  message: string
}

export interface SignInDeps {
  config: Pick<Config, 'siwsDomain' | 'publicUrl' | 'cluster'>
  db: Db
  clock: Clock
}

/** 32-byte Ed25519 public key from a base58 address, or 400. */
export function walletKey(walletAddress: string): Uint8Array {
  const key = decodeBase58(walletAddress)
  if (key?.length !== 32) throw badRequest('invalid_wallet', 'Invalid wallet address.')
  return key
}

function decodeBase58(value: string): Uint8Array | undefined {
  try {
    return bs58.decode(value)
  } catch {
    return undefined
  }
}

const notIssued = () =>
  unauthorized(
    'invalid_message',
    'This sign-in message was not issued for this wallet. Please sign in again.',
  )

export function signInService({ config, db, clock }: SignInDeps) {
  return {
    async issueNonce(walletAddress: string): Promise<NonceResponse> {
      walletKey(walletAddress)
      const issuedAt = clock()
      const expiresAt = new Date(issuedAt.getTime() + NONCE_TTL_MS)
      const nonce = newNonce()
      const message = buildSiwsMessage({
        domain: config.siwsDomain,
        address: walletAddress,
        uri: config.publicUrl,
        chainId: chainIdOf(config.cluster),
        nonce,
        issuedAt,
        expirationTime: expiresAt,
      })
      await nonces.deleteNoncesExpiredBefore(db, new Date(issuedAt.getTime() - NONCE_TTL_MS))
      await nonces.insertNonce(db, { nonce, walletAddress, message, issuedAt, expiresAt })
      return { message, nonce, expires_at: expiresAt.toISOString() }
    },

    /**
     * Checks that `signed` is a message we issued to this wallet (byte for byte), still usable, and signed by
     * the wallet. Returns the nonce, which the caller consumes with `consume` once it decides to act.
     */
    async verify(signed: SignedMessage): Promise<string> {
      const key = walletKey(signed.wallet_address)
      const signature = decodeBase58(signed.signature)
      if (signature?.length !== 64) throw badRequest('invalid_signature', 'Malformed signature.')
      const nonce = nonceOf(signed.message)
      const row = nonce ? await nonces.findNonce(db, nonce) : undefined
      if (!nonce || !row || row.walletAddress !== signed.wallet_address || row.message !== signed.message)
        throw notIssued()
      if (row.usedAt)
        throw unauthorized('nonce_used', 'This sign-in message was already used. Please sign in again.')
      if (row.expiresAt <= clock())
        throw unauthorized('nonce_expired', 'This sign-in message has expired. Please sign in again.')
      if (!nacl.sign.detached.verify(new TextEncoder().encode(signed.message), signature, key)) {
        throw unauthorized('invalid_signature', 'Signature verification failed.')
      }
      return nonce
    },

    /** Single use: exactly one of concurrent callers wins (conditional UPDATE … WHERE used_at IS NULL). */
    async consume(tx: Db, nonce: string): Promise<void> {
      if (!(await nonces.consumeNonce(tx, nonce, clock()))) {
        throw unauthorized('nonce_used', 'This sign-in message was already used. Please sign in again.')
      }
    },
  }
}

export type SignInService = ReturnType<typeof signInService>
