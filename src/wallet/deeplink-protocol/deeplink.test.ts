// The deep-link module against a wallet-side counterpart that does the real crypto (src/testing).
import { Keypair, PublicKey, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import { describe, expect, test } from 'vitest'
import { usdcGiftInstructions } from '../../../api-contract/usdc-gift'
import { DeepLinkWalletDouble } from '../../testing/deeplink-wallet-double'
import {
  readConnectAnswer,
  readSessionAnswer,
  requestFor,
  REQUEST_MAX_AGE_MS,
  type WalletRequest,
} from './answers'
import { callbackUrl, deepLinkOrigin, newRequestId, REQUEST_ID_PATTERN, requestIdOf } from './callback'
import { newDappKeyPair } from './crypto'
import { DeepLinkError } from './errors'
import {
  connectLink,
  sessionLink,
  signAllTransactionsFields,
  signMessageFields,
  signTransactionFields,
  type SessionKeys,
} from './links'
import { MAX_LINK_LENGTH, PHANTOM, SOLFLARE, walletCluster, type DeepLinkProvider } from './providers'

const ORIGIN = 'https://lifeline.example'
const redirect = () => callbackUrl(ORIGIN, newRequestId())
const paramsOf = (url: string) => new URL(url).searchParams

/** Connects through the double; returns what the app keeps for later requests. */
function connect(
  provider: DeepLinkProvider,
  wallet: DeepLinkWalletDouble,
): SessionKeys & { address: string } {
  const dapp = newDappKeyPair()
  const link = connectLink({
    provider,
    dappPublicKey: dapp.publicKey,
    appUrl: ORIGIN,
    redirectLink: redirect(),
    cluster: 'devnet',
  })
  const answer = readConnectAnswer(provider, paramsOf(wallet.respond(link)), dapp.secretKey)
  return { dappPublicKey: dapp.publicKey, ...answer }
}

function transfer(payer: string, legs = 1): Uint8Array {
  const from = new PublicKey(payer)
  const message = new TransactionMessage({
    payerKey: from,
    recentBlockhash: Keypair.generate().publicKey.toBase58(),
    instructions: Array.from({ length: legs }, () =>
      SystemProgram.transfer({
        fromPubkey: from,
        toPubkey: Keypair.generate().publicKey,
        lamports: 200_000_000,
      }),
    ),
  }).compileToLegacyMessage()
  return new VersionedTransaction(message).serialize()
}

function expectFailure(run: () => unknown, failure: DeepLinkError['failure'], message?: string) {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(DeepLinkError)
    expect((error as DeepLinkError).failure).toBe(failure)
    if (message) expect((error as DeepLinkError).message).toBe(message)
    return
  }
  throw new Error(`expected a ${failure} failure`)
}

describe.each([PHANTOM, SOLFLARE])('$name deep links', (provider) => {
  test('connect sends the documented parameters and reads the account from the encrypted answer', () => {
    const wallet = new DeepLinkWalletDouble(provider.name)
    const dapp = newDappKeyPair()
    const redirectLink = redirect()
    const link = connectLink({
      provider,
      dappPublicKey: dapp.publicKey,
      appUrl: ORIGIN,
      redirectLink,
      cluster: 'devnet',
    })
    expect(link.startsWith(`${provider.base}connect?`)).toBe(true)
    expect([...paramsOf(link).keys()]).toEqual([
      'app_url',
      'dapp_encryption_public_key',
      'redirect_link',
      'cluster',
    ])
    expect(paramsOf(link).get('redirect_link')).toBe(redirectLink)
    expect(link).toContain(`redirect_link=${encodeURIComponent(redirectLink)}`)

    const back = wallet.respond(link)
    expect(back.startsWith(`${redirectLink}?`)).toBe(true)
    expect(paramsOf(back).has(provider.encryptionKeyParam)).toBe(true)
    const answer = readConnectAnswer(provider, paramsOf(back), dapp.secretKey)
    expect(answer.address).toBe(wallet.address)
    expect(answer.session.length).toBeGreaterThan(64)
  })

  test('signMessage returns an Ed25519 signature of the exact bytes by the connected account', () => {
    const wallet = new DeepLinkWalletDouble(provider.name)
    const keys = connect(provider, wallet)
    const message = new TextEncoder().encode('lifeline.example wants you to sign in with your Solana account')
    const link = sessionLink(provider, 'signMessage', keys, redirect(), signMessageFields(message))
    expect([...paramsOf(link).keys()]).toEqual([
      'dapp_encryption_public_key',
      'nonce',
      'redirect_link',
      'payload',
    ])
    const answer = readSessionAnswer(
      provider,
      'signMessage',
      paramsOf(wallet.respond(link)),
      keys.sharedSecret,
      [],
    )
    if (answer.method !== 'signMessage') throw new Error('wrong answer')
    expect(nacl.sign.detached.verify(message, answer.signature, bs58.decode(keys.address))).toBe(true)
    expect(wallet.signedMessages).toEqual([new TextDecoder().decode(message)])
  })

  test('signTransaction and signAllTransactions return the transactions signed, not sent', () => {
    const wallet = new DeepLinkWalletDouble(provider.name)
    const keys = connect(provider, wallet)
    const one = sessionLink(
      provider,
      'signTransaction',
      keys,
      redirect(),
      signTransactionFields(transfer(keys.address)),
    )
    const signed = readSessionAnswer(
      provider,
      'signTransaction',
      paramsOf(wallet.respond(one)),
      keys.sharedSecret,
      [],
    )
    if (signed.method !== 'signTransaction') throw new Error('wrong answer')
    const tx = VersionedTransaction.deserialize(signed.transaction)
    expect(
      nacl.sign.detached.verify(tx.message.serialize(), tx.signatures[0]!, bs58.decode(keys.address)),
    ).toBe(true)

    const two = [transfer(keys.address), transfer(keys.address)]
    const all = sessionLink(provider, 'signAllTransactions', keys, redirect(), signAllTransactionsFields(two))
    const answer = readSessionAnswer(
      provider,
      'signAllTransactions',
      paramsOf(wallet.respond(all)),
      keys.sharedSecret,
      [],
    )
    if (answer.method !== 'signAllTransactions') throw new Error('wrong answer')
    expect(answer.transactions).toHaveLength(2)
  })

  test('after disconnect the wallet refuses the session: "{wallet} not connected."', () => {
    const wallet = new DeepLinkWalletDouble(provider.name)
    const keys = connect(provider, wallet)
    const bye = sessionLink(provider, 'disconnect', keys, redirect(), {})
    expect(
      readSessionAnswer(provider, 'disconnect', paramsOf(wallet.respond(bye)), keys.sharedSecret, []),
    ).toEqual({
      method: 'disconnect',
    })
    const link = sessionLink(
      provider,
      'signMessage',
      keys,
      redirect(),
      signMessageFields(new Uint8Array([1])),
    )
    expectFailure(
      () => readSessionAnswer(provider, 'signMessage', paramsOf(wallet.respond(link)), keys.sharedSecret, []),
      'not-connected',
      `${provider.name} not connected.`,
    )
  })

  test('refuses a tampered answer, a wrong nonce and a replayed nonce', () => {
    const wallet = new DeepLinkWalletDouble(provider.name)
    const keys = connect(provider, wallet)
    const ask = () =>
      sessionLink(provider, 'signMessage', keys, redirect(), signMessageFields(new Uint8Array([7])))
    const read = (params: URLSearchParams, seen: string[] = []) =>
      readSessionAnswer(provider, 'signMessage', params, keys.sharedSecret, seen)

    const tampered = paramsOf(wallet.respond(ask()))
    const data = bs58.decode(tampered.get('data')!)
    data[5] = data[5]! ^ 1
    tampered.set('data', bs58.encode(data))
    expectFailure(() => read(tampered), 'tampered')

    const wrongNonce = paramsOf(wallet.respond(ask()))
    wrongNonce.set('nonce', bs58.encode(nacl.randomBytes(24)))
    expectFailure(() => read(wrongNonce), 'tampered')

    const good = paramsOf(wallet.respond(ask()))
    expect(read(good).method).toBe('signMessage')
    expectFailure(() => read(good, [good.get('nonce')!]), 'replayed', 'This wallet answer was already used.')

    const garbage = new URLSearchParams({ nonce: 'not base58 0OIl', data: 'x' })
    expectFailure(() => read(garbage), 'tampered')
  })

  test('a connect answer for another keypair does not decrypt', () => {
    const wallet = new DeepLinkWalletDouble(provider.name)
    const link = connectLink({
      provider,
      dappPublicKey: newDappKeyPair().publicKey,
      appUrl: ORIGIN,
      redirectLink: redirect(),
      cluster: 'mainnet-beta',
    })
    expectFailure(
      () => readConnectAnswer(provider, paramsOf(wallet.respond(link)), newDappKeyPair().secretKey),
      'tampered',
    )
  })

  test.each([
    [4001, 'connect', `User rejected ${provider.name} connection.`, 'rejected'],
    [4100, 'connect', `${provider.name} not connected.`, 'not-connected'],
    [4900, 'connect', `${provider.name} not connected.`, 'not-connected'],
    [-32000, 'connect', 'Wallet connect failed', 'failed'],
    [-32002, 'connect', 'Wallet connect failed', 'failed'],
    [-32003, 'connect', 'Wallet connect failed', 'failed'],
    [-32603, 'connect', 'Wallet connect failed', 'failed'],
    [4001, 'signMessage', 'Message signing failed', 'rejected'],
    [4100, 'signMessage', `${provider.name} not connected.`, 'not-connected'],
    [4900, 'signMessage', `${provider.name} not connected.`, 'not-connected'],
    [-32000, 'signMessage', 'Message signing failed', 'failed'],
    [-32002, 'signMessage', 'Message signing failed', 'failed'],
    [-32003, 'signTransaction', 'Message signing failed', 'failed'],
    [-32603, 'signTransaction', 'Message signing failed', 'failed'],
  ] as const)('error %i on %s reads "%s"', (code, method, text, failure) => {
    const wallet = new DeepLinkWalletDouble(provider.name)
    const refusal = { errorCode: code, errorMessage: 'no' }
    if (method === 'connect') {
      const dapp = newDappKeyPair()
      const link = connectLink({
        provider,
        dappPublicKey: dapp.publicKey,
        appUrl: ORIGIN,
        redirectLink: redirect(),
        cluster: 'devnet',
      })
      expectFailure(
        () => readConnectAnswer(provider, paramsOf(wallet.respond(link, refusal)), dapp.secretKey),
        failure,
        text,
      )
      return
    }
    const keys = connect(provider, wallet)
    const fields =
      method === 'signMessage'
        ? signMessageFields(new Uint8Array([1]))
        : signTransactionFields(transfer(keys.address))
    const link = sessionLink(provider, method, keys, redirect(), fields)
    const params = paramsOf(wallet.respond(link, refusal))
    expectFailure(() => readSessionAnswer(provider, method, params, keys.sharedSecret, []), failure, text)
  })

  test('a donation with a tip is one link well under the iOS limit; an oversized transaction is refused', () => {
    const wallet = new DeepLinkWalletDouble(provider.name)
    const keys = connect(provider, wallet)
    const donation = sessionLink(
      provider,
      'signTransaction',
      keys,
      redirect(),
      signTransactionFields(transfer(keys.address, 2)),
    )
    expect(donation.length).toBeLessThan(MAX_LINK_LENGTH)
    expect(() =>
      sessionLink(
        provider,
        'signTransaction',
        keys,
        redirect(),
        signTransactionFields(transfer(keys.address, 8)),
      ),
    ).toThrow('This request is too large for a wallet link.')
  })

  test("a USDC gift with a tip that opens the campaign's USDC account is one link under the limit too", () => {
    const wallet = new DeepLinkWalletDouble(provider.name)
    const keys = connect(provider, wallet)
    const [recipient, platform, mint] = [0, 0, 0].map(() => Keypair.generate().publicKey) as [
      PublicKey,
      PublicKey,
      PublicKey,
    ]
    const gift = usdcGiftInstructions({
      donor: new PublicKey(keys.address),
      recipient,
      platform,
      mint,
      decimals: 6,
      amount: 5_000_000n,
      tip: 250_000n,
      openRecipientAccount: true,
    })
    const message = new TransactionMessage({
      payerKey: new PublicKey(keys.address),
      recentBlockhash: Keypair.generate().publicKey.toBase58(),
      instructions: gift,
    }).compileToLegacyMessage()
    const transaction = new VersionedTransaction(message).serialize()
    // The longest origin a deployment is likely to have (the callback URL is in the link, URL-encoded).
    const longOrigin = 'https://lifeline-donations.example.org'
    const link = sessionLink(
      provider,
      'signTransaction',
      keys,
      callbackUrl(longOrigin, newRequestId()),
      signTransactionFields(transaction),
    )
    console.info(`${provider.name}: USDC gift ${transaction.length} bytes, link ${link.length} characters`)
    expect(link.length).toBeLessThan(MAX_LINK_LENGTH)
  })
})

describe('requests and the callback route', () => {
  const request: WalletRequest = {
    id: newRequestId(),
    wallet: 'Phantom',
    method: 'signMessage',
    createdAt: 1_000,
  }

  test('request ids are 128 random bits in the path of our own origin', () => {
    const ids = new Set(Array.from({ length: 50 }, newRequestId))
    expect(ids.size).toBe(50)
    for (const id of ids) expect(id).toMatch(REQUEST_ID_PATTERN)
    const url = callbackUrl(ORIGIN, request.id)
    expect(url).toBe(`${ORIGIN}/wallet/callback/${request.id}`)
    expect(requestIdOf(new URL(url).pathname)).toBe(request.id)
    expect(requestIdOf('/wallet/callback/short')).toBeNull()
  })

  test('an answer for an unknown, other or expired request is refused', () => {
    expect(requestFor(request, request.id, 2_000)).toBe(request)
    expectFailure(() => requestFor(null, request.id, 2_000), 'unknown-request')
    expectFailure(() => requestFor(request, newRequestId(), 2_000), 'unknown-request')
    expectFailure(() => requestFor(request, request.id, 1_001 + REQUEST_MAX_AGE_MS), 'unknown-request')
  })

  test('deep links need an https PUBLIC_URL, or loopback for tests', () => {
    expect(deepLinkOrigin('https://lifeline.example/')).toBe('https://lifeline.example')
    expect(deepLinkOrigin('http://localhost:8080')).toBe('http://localhost:8080')
    expect(deepLinkOrigin('http://127.0.0.1:5173')).toBe('http://127.0.0.1:5173')
    for (const bad of ['http://192.168.1.20:8080', 'http://lifeline.example', 'nonsense'])
      expectFailure(() => deepLinkOrigin(bad), 'unusable', 'Phantom deep link not configured.')
  })

  test('the local ledger is named devnet to the wallets; real clusters keep their names', () => {
    expect(walletCluster('local')).toBe('devnet')
    expect(walletCluster('devnet')).toBe('devnet')
    expect(walletCluster('mainnet-beta')).toBe('mainnet-beta')
  })
})
