// A wallet that signs like Phantom's signMessage: Ed25519 over the UTF-8 message, signature in base58.
import bs58 from 'bs58'
import type { FastifyInstance } from 'fastify'
import nacl from 'tweetnacl'
import type { NonceResponse, TokenPair } from '../../api-contract/users'

export interface TestWallet {
  address: string
  secretKey: Uint8Array
  sign(message: string): string
}

export function testWallet(): TestWallet {
  const keys = nacl.sign.keyPair()
  return {
    address: bs58.encode(keys.publicKey),
    secretKey: keys.secretKey,
    sign: (message) => bs58.encode(nacl.sign.detached(new TextEncoder().encode(message), keys.secretKey)),
  }
}

/** GET users/nonce/ for the wallet, then sign the message: the body login and register expect. */
export async function signedNonce(app: FastifyInstance, wallet: TestWallet) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/users/nonce/',
    query: { wallet_address: wallet.address },
  })
  if (response.statusCode !== 200) throw new Error(`nonce: ${response.statusCode} ${response.body}`)
  const { message } = response.json<NonceResponse>()
  return { wallet_address: wallet.address, message, signature: wallet.sign(message) }
}

export async function register(
  app: FastifyInstance,
  wallet: TestWallet,
  email = 'someone@example.com',
): Promise<TokenPair> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/users/register/',
    payload: { ...(await signedNonce(app, wallet)), email },
  })
  if (response.statusCode !== 201) throw new Error(`register: ${response.statusCode} ${response.body}`)
  return response.json<TokenPair>()
}

export async function signIn(app: FastifyInstance, wallet: TestWallet): Promise<TokenPair> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/users/login/',
    payload: await signedNonce(app, wallet),
  })
  if (response.statusCode !== 200) throw new Error(`login: ${response.statusCode} ${response.body}`)
  return response.json<TokenPair>()
}

/** A new registered wallet with its tokens; `bearer` is ready for inject headers. */
export async function registerAndSignIn(app: FastifyInstance, email?: string) {
  const wallet = testWallet()
  const tokens = await register(app, wallet, email)
  return { wallet, ...tokens, bearer: { authorization: `Bearer ${tokens.access}` } }
}
