// The deep-link channel's encryption: x25519 Diffie-Hellman, then XSalsa20-Poly1305 (`nacl.box.after`) with a
// fresh 24-byte nonce per message; keys, nonces and ciphertexts travel as base58.
// @see https://docs.phantom.com/phantom-deeplinks/encryption
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import { DeepLinkError, DEEPLINK_TEXT } from './errors'

export interface DappKeyPair {
  publicKey: Uint8Array
  secretKey: Uint8Array
}

/** A fresh x25519 keypair: one per `connect` (the wallets advise a new one for every session). */
export function newDappKeyPair(): DappKeyPair {
  return nacl.box.keyPair()
}

/** Decodes base58 or throws the "could not be verified" error (a malformed answer is a tampered one). */
export function decodeBase58(value: string | null | undefined, bytes?: number): Uint8Array {
  let decoded: Uint8Array
  try {
    decoded = bs58.decode(value ?? '')
  } catch {
    throw new DeepLinkError('tampered', DEEPLINK_TEXT.tampered)
  }
  if (decoded.length === 0 || (bytes !== undefined && decoded.length !== bytes))
    throw new DeepLinkError('tampered', DEEPLINK_TEXT.tampered)
  return decoded
}

/** `nacl.box.before(walletPublicKey, dappSecretKey)`: the key both sides derive. */
export function deriveSharedSecret(walletPublicKey: Uint8Array, dappSecretKey: Uint8Array): Uint8Array {
  return nacl.box.before(walletPublicKey, dappSecretKey)
}

/** Encrypts `value` as UTF-8 JSON; both halves base58, ready for `nonce=` and `payload=` (or `data=`). */
export function encryptJson(value: unknown, sharedSecret: Uint8Array): { nonce: string; payload: string } {
  const nonce = nacl.randomBytes(nacl.box.nonceLength)
  const sealed = nacl.box.after(new TextEncoder().encode(JSON.stringify(value)), nonce, sharedSecret)
  return { nonce: bs58.encode(nonce), payload: bs58.encode(sealed) }
}

/** Decrypts a base58 `data` with its base58 `nonce`; anything that does not open and parse is refused. */
export function decryptJson(data: string | null, nonce: string | null, sharedSecret: Uint8Array): unknown {
  const opened = nacl.box.open.after(
    decodeBase58(data),
    decodeBase58(nonce, nacl.box.nonceLength),
    sharedSecret,
  )
  if (!opened) throw new DeepLinkError('tampered', DEEPLINK_TEXT.tampered)
  try {
    return JSON.parse(new TextDecoder().decode(opened)) as unknown
  } catch {
    throw new DeepLinkError('tampered', DEEPLINK_TEXT.tampered)
  }
}
