// The deep-link wallets end to end in one page: the link the wallet prompt offers goes to the wallet double, its
// redirect goes through the callback route's handling (this browser) or the relay (another one).
import type { SolanaSignMessageFeature, SolanaSignTransactionFeature } from '@solana/wallet-standard-features'
import { Keypair, PublicKey, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import type { StandardConnectFeature, StandardDisconnectFeature } from '@wallet-standard/features'
import bs58 from 'bs58'
import { getDefaultStore } from 'jotai'
import nacl from 'tweetnacl'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { DeepLinkWalletDouble, type Refusal } from '../../testing/deeplink-wallet-double'
import { handleCallback } from '../callback/handle-callback'
import { deepLinkOrigin } from '../deeplink-protocol/callback'
import { PHANTOM, SOLFLARE, type DeepLinkProvider } from '../deeplink-protocol/providers'
import { DeepLinkWallet } from './DeepLinkWallet'
import { walletPromptAtom } from './prompt'
import { startRelayPickup } from './relay'
import { DEEPLINK_STATE_KEY, loadDeepLinkState } from './state'

type Features = StandardConnectFeature &
  StandardDisconnectFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature

const ORIGIN = 'http://localhost:3000'
const store = getDefaultStore()

function walletFor(provider: DeepLinkProvider, publicUrl = ORIGIN) {
  const wallet = new DeepLinkWallet({
    provider,
    icon: 'data:image/svg+xml;base64,AA==',
    origin: () => deepLinkOrigin(publicUrl),
    cluster: 'devnet',
  })
  return { wallet, features: wallet.features as unknown as Features }
}

/** The link our prompt offers, once it is up. */
async function promptedLink(): Promise<string> {
  await vi.waitFor(() => expect(store.get(walletPromptAtom)).not.toBeNull())
  return store.get(walletPromptAtom)!.link
}

/** The wallet app answers the prompted link and the callback page of this browser handles the redirect. */
async function answerHere(double: DeepLinkWalletDouble, refusal?: Refusal) {
  const back = new URL(double.respond(await promptedLink(), refusal))
  return handleCallback(back.pathname, back.search)
}

async function connected(provider: DeepLinkProvider) {
  const double = new DeepLinkWalletDouble(provider.name)
  const { features } = walletFor(provider)
  const connecting = features['standard:connect'].connect()
  await answerHere(double)
  const { accounts } = await connecting
  return { double, account: accounts[0]! }
}

/** The page goes away (a reload): its waiting promise with it, while what it stored stays. */
function leavePage() {
  const stored = localStorage.getItem(DEEPLINK_STATE_KEY)
  store.get(walletPromptAtom)?.cancel()
  localStorage.setItem(DEEPLINK_STATE_KEY, stored!)
}

function transfer(payer: string): Uint8Array {
  const from = new PublicKey(payer)
  const message = new TransactionMessage({
    payerKey: from,
    recentBlockhash: Keypair.generate().publicKey.toBase58(),
    instructions: [
      SystemProgram.transfer({ fromPubkey: from, toPubkey: Keypair.generate().publicKey, lamports: 5 }),
    ],
  }).compileToLegacyMessage()
  return new VersionedTransaction(message).serialize()
}

beforeEach(() => {
  localStorage.clear()
  window.history.replaceState(null, '', '/login?redirect=%2Fdashboard')
})
afterEach(() => {
  store.get(walletPromptAtom)?.cancel()
  vi.unstubAllGlobals()
})

describe.each([PHANTOM, SOLFLARE])('the $name deep-link wallet', (provider) => {
  test('connects through the wallet app, returns to the page that asked, and keeps the session on the device', async () => {
    const double = new DeepLinkWalletDouble(provider.name)
    const { features } = walletFor(provider)
    expect((await features['standard:connect'].connect({ silent: true })).accounts).toEqual([])
    const connecting = features['standard:connect'].connect()
    expect(store.get(walletPromptAtom)).toMatchObject({
      wallet: provider.name,
      stage: 'tap',
      purpose: 'connect',
    })
    expect(await answerHere(double)).toEqual({ kind: 'return', to: '/login?redirect=%2Fdashboard' })
    expect((await connecting).accounts[0]?.address).toBe(double.address)
    expect(store.get(walletPromptAtom)).toBeNull()

    // Another page load: the session is still there, no new connect.
    const reloaded = walletFor(provider).features
    expect((await reloaded['standard:connect'].connect({ silent: true })).accounts[0]?.address).toBe(
      double.address,
    )
  })

  test('after a reload, signing the same message takes the stored answer: one signature, the exact bytes', async () => {
    const { double, account } = await connected(provider)
    const message = new TextEncoder().encode('localhost wants you to sign in with your Solana account')
    const leaving = walletFor(provider).features['solana:signMessage'].signMessage({ account, message })
    const link = await promptedLink()
    leavePage()
    await expect(leaving).rejects.toThrow('Cancelled.')
    const back = new URL(double.respond(link))
    expect(await handleCallback(back.pathname, back.search)).toMatchObject({ kind: 'return' })

    const reloaded = walletFor(provider).features
    const [signed] = await reloaded['solana:signMessage'].signMessage({ account, message })
    expect(nacl.sign.detached.verify(message, signed!.signature, bs58.decode(double.address))).toBe(true)
    expect(double.received.filter(({ method }) => method === 'signMessage')).toHaveLength(1)
    expect(store.get(walletPromptAtom)).toBeNull()
  })

  test('asking again while the request is out waits for it instead of sending a second one', async () => {
    const { double, account } = await connected(provider)
    const transaction = transfer(account.address)
    const features = walletFor(provider).features
    const first = features['solana:signTransaction'].signTransaction({ account, transaction })
    const firstLink = await promptedLink()
    const second = features['solana:signTransaction'].signTransaction({ account, transaction })
    await expect(first).rejects.toThrow('Cancelled.')
    expect(await promptedLink()).toBe(firstLink)
    await answerHere(double)
    const [{ signedTransaction }] = (await second) as [{ signedTransaction: Uint8Array }]
    const signed = VersionedTransaction.deserialize(signedTransaction)
    expect(
      nacl.sign.detached.verify(
        signed.message.serialize(),
        signed.signatures[0]!,
        bs58.decode(double.address),
      ),
    ).toBe(true)
  })

  test('a refusal reads as the spec says, and a session the wallet refuses is forgotten', async () => {
    const double = new DeepLinkWalletDouble(provider.name)
    const { features } = walletFor(provider)
    const connecting = features['standard:connect'].connect()
    await answerHere(double, { errorCode: 4001 })
    await expect(connecting).rejects.toThrow(`User rejected ${provider.name} connection.`)

    const { double: wallet, account } = await connected(provider)
    const message = new Uint8Array([1, 2, 3])
    const signing = features['solana:signMessage'].signMessage({ account, message })
    await answerHere(wallet, { errorCode: 4001 })
    await expect(signing).rejects.toThrow('Message signing failed')

    const again = features['solana:signMessage'].signMessage({ account, message })
    await answerHere(wallet, { errorCode: 4100 })
    await expect(again).rejects.toThrow(`${provider.name} not connected.`)
    expect(loadDeepLinkState().session).toBeNull()
    await expect(features['solana:signMessage'].signMessage({ account, message })).rejects.toThrow(
      `${provider.name} Wallet not connected`,
    )
  })

  test('disconnect forgets the session and its keys on this device', async () => {
    await connected(provider)
    const { wallet, features } = walletFor(provider)
    expect(wallet.accounts).toHaveLength(1)
    await features['standard:disconnect'].disconnect()
    expect(wallet.accounts).toHaveLength(0)
    expect(loadDeepLinkState().session).toBeNull()
  })
})

describe('answers that are not ours', () => {
  test('the same callback a second time is refused as already used', async () => {
    const double = new DeepLinkWalletDouble('Phantom')
    const connecting = walletFor(PHANTOM).features['standard:connect'].connect()
    const back = new URL(double.respond(await promptedLink()))
    await handleCallback(back.pathname, back.search)
    await connecting
    expect(await handleCallback(back.pathname, back.search)).toEqual({
      kind: 'dead-end',
      message: 'This wallet answer was already used.',
      to: '/',
    })
  })

  test('a tampered answer is refused with a clear message and nothing is signed in', async () => {
    const double = new DeepLinkWalletDouble('Phantom')
    const connecting = walletFor(PHANTOM).features['standard:connect'].connect()
    const back = new URL(double.respond(await promptedLink()))
    back.searchParams.set('data', bs58.encode(nacl.randomBytes(90)))
    await handleCallback(back.pathname, back.search)
    await expect(connecting).rejects.toThrow("The wallet's answer could not be verified.")
    expect(loadDeepLinkState().session).toBeNull()
  })

  test('an answer for a request this browser did not make goes, still encrypted, to the relay', async () => {
    const posted: { url: string; body: unknown }[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        posted.push({ url, body: JSON.parse(String(init.body)) })
        return new Response(JSON.stringify({ stored: true }), { status: 201 })
      }),
    )
    const id = 'AAAAAAAAAAAAAAAAAAAAAA'
    const search = '?phantom_encryption_public_key=Key1&nonce=N0nce&data=Data1&utm=x'
    expect(await handleCallback(`/wallet/callback/${id}`, search)).toEqual({ kind: 'relayed' })
    expect(posted).toEqual([
      {
        url: `/api/wallet-relay/${id}/`,
        body: { phantom_encryption_public_key: 'Key1', nonce: 'N0nce', data: 'Data1' },
      },
    ])
  })

  test('the page that asked picks the relayed answer up when it comes back to the front', async () => {
    const double = new DeepLinkWalletDouble('Solflare')
    const connecting = walletFor(SOLFLARE).features['standard:connect'].connect()
    const back = new URL(double.respond(await promptedLink()))
    const relay = new Map([[back.pathname.split('/').pop()!, Object.fromEntries(back.searchParams)]])
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const id = url.split('/').at(-2)!
        const answer = relay.get(id)
        relay.delete(id)
        return answer ? new Response(JSON.stringify(answer)) : new Response('{}', { status: 404 })
      }),
    )
    const stop = startRelayPickup()
    document.dispatchEvent(new Event('visibilitychange'))
    expect((await connecting).accounts[0]?.address).toBe(double.address)
    stop()
  })

  test('an http PUBLIC_URL a phone cannot use says the deep link is not configured', async () => {
    const { features } = walletFor(PHANTOM, 'http://192.168.1.20:8080')
    await expect(features['standard:connect'].connect()).rejects.toThrow('Phantom deep link not configured.')
  })
})
