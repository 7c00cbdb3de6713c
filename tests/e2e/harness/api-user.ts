// A user made through the real API over HTTP (nonce → Ed25519 signature → register), and a page signed in as
// that user by the storage keys the app itself writes after sign-in. For specs whose subject is a
// screen, not the sign-in flow (login-*.spec.ts covers that through the UI).
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import type { BrowserContext } from 'playwright-core'

export interface ApiUser {
  address: string
  keys: nacl.SignKeyPair
  access: string
  refresh: string
}

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as T
}

export async function registerApiUser(
  baseUrl: string,
  email: string,
  keys: nacl.SignKeyPair = nacl.sign.keyPair(),
): Promise<ApiUser> {
  const address = bs58.encode(keys.publicKey)
  const { message } = await json<{ message: string }>(
    await fetch(`${baseUrl}/api/users/nonce/?wallet_address=${address}`),
    'nonce',
  )
  const signature = bs58.encode(nacl.sign.detached(new TextEncoder().encode(message), keys.secretKey))
  const tokens = await json<{ access: string; refresh: string }>(
    await fetch(`${baseUrl}/api/users/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ wallet_address: address, message, signature, email }),
    }),
    'register',
  )
  return { address, keys, ...tokens }
}

/** Every page of the context starts signed in as `user` (wallet, wallet_connected, tokens in localStorage). */
export async function signedInAs(
  context: BrowserContext,
  user: ApiUser,
  walletType = 'Phantom',
): Promise<void> {
  await context.addInitScript(
    ({ address, access, refresh, type }) => {
      // A context's first page is about:blank, which has no storage.
      if (location.protocol === 'about:' || localStorage.getItem('accessToken')) return
      localStorage.setItem('wallet', address)
      localStorage.setItem('wallet_connected', 'true')
      localStorage.setItem('wallet_type', type)
      localStorage.setItem('accessToken', access)
      localStorage.setItem('refreshToken', refresh)
    },
    { address: user.address, access: user.access, refresh: user.refresh, type: walletType },
  )
}
