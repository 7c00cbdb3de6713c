// The donation Action (blink) and Solana Pay transaction request: actions.json, GET metadata, POST and every
// refusal, the spec's headers on all of them, and the transaction a wallet would sign, decoded and checked.
import { Keypair, PublicKey, SystemInstruction, SystemProgram, Transaction } from '@solana/web3.js'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ActionGetResponse, ActionPostResponse, CheckoutStatus } from '../../api-contract/actions'
import type { Emergency } from '../../api-contract/emergencies'
import { ledgerAppWithAdmin, type LedgerTestApp, type PayingUser } from '../helpers/ledger'
import { confirmScam, createEmergency } from './emergencies-fixtures'

let t: LedgerTestApp
let owner: PayingUser
let admin: PayingUser
let emergency: Emergency
let chainId: string
beforeAll(async () => {
  ;({
    t,
    admin,
    users: [owner],
  } = await ledgerAppWithAdmin([0]))
  emergency = await createEmergency(t.app, owner.bearer, { title: 'Roof after the storm', sol_goal: '40' })
  chainId = `solana:${t.ledger.ledger.genesisHash.slice(0, 32)}`
})
afterAll(async () => {
  await t.close()
})

const action = (id = emergency.id) => `/api/actions/donate/${id}`
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers })
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers })
const donor = () => Keypair.generate().publicKey.toBase58()

function expectActionHeaders(headers: Record<string, unknown>) {
  expect(headers['access-control-allow-origin']).toBe('*')
  expect(headers['access-control-allow-methods']).toBe('GET,POST,PUT,OPTIONS')
  expect(String(headers['access-control-allow-headers'])).toContain('Content-Type')
  expect(headers['access-control-expose-headers']).toBe('X-Action-Version, X-Blockchain-Ids')
  expect(headers['x-action-version']).toBe('2.4.2')
  expect(headers['x-blockchain-ids']).toBe(chainId)
}

describe('GET /actions.json', () => {
  it('maps the shared /donate/{id} page to the Action, with open CORS on GET and OPTIONS', async () => {
    const response = await get('/actions.json', { origin: 'https://dial.to' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      rules: [
        { pathPattern: '/donate/*', apiPath: '/api/actions/donate/*' },
        { pathPattern: '/api/actions/**', apiPath: '/api/actions/**' },
      ],
    })
    expectActionHeaders(response.headers)
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/actions.json',
      headers: { origin: 'https://dial.to', 'access-control-request-method': 'GET' },
    })
    expect(preflight.statusCode).toBe(200)
    expectActionHeaders(preflight.headers)
  })
})

describe('GET /api/actions/donate/{id}', () => {
  it('describes the emergency: its image as a WebP icon, its title and its progress toward the goal', async () => {
    const response = await get(action(), { origin: 'https://x.com' })
    expect(response.statusCode).toBe(200)
    expectActionHeaders(response.headers)
    const body = response.json<ActionGetResponse>()
    expect(body).toMatchObject({ type: 'action', title: 'Roof after the storm', label: 'Donate' })
    expect(body.description).toContain('0 of 40 SOL raised (0%) from 0 donations.')
    expect(body.description).toContain('Families lost their homes in the flood.')
    expect(body.icon).toMatch(/^http:\/\/localhost:8080\/api\/share-images\/[0-9a-f-]+\.png\/square\.webp$/)
    const icon = await get(new URL(body.icon).pathname)
    expect(icon.headers['content-type']).toBe('image/webp')
    expect(icon.headers['access-control-allow-origin']).toBe('*')
    expect(await sharp(icon.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 600, height: 600 })
  })

  it('offers fixed amounts that say their 5% tip, and a form with a custom amount, a tip choice and a comment', async () => {
    const { links } = (await get(action())).json<ActionGetResponse>()
    const [a, b, c, form] = links!.actions
    expect([a, b, c].map((x) => [x!.label, x!.href])).toEqual([
      ['Give 0.2 SOL + 0.01 tip', `${action()}?amount=0.2&tip_percent=5`],
      ['Give 0.5 SOL + 0.03 tip', `${action()}?amount=0.5&tip_percent=5`],
      ['Give 1 SOL + 0.05 tip', `${action()}?amount=1&tip_percent=5`],
    ])
    expect(form).toMatchObject({
      type: 'transaction',
      label: 'Donate',
      href: `${action()}?amount={amount}&tip_percent={tip_percent}`,
    })
    const [amount, tip, comment] = form!.parameters!
    expect(amount).toMatchObject({ name: 'amount', type: 'number', required: true, min: 0.001 })
    expect(tip).toMatchObject({
      name: 'tip_percent',
      type: 'radio',
      options: [
        { label: '5% tip to Lifeline', value: '5', selected: true },
        { label: 'No tip', value: '0' },
      ],
    })
    expect(comment).toMatchObject({ name: 'comment', type: 'textarea', required: false })
  })

  it('describes a chosen amount (a QR or a shared amount) as one button with the tip spelled out', async () => {
    const body = (await get(`${action()}?amount=0.5&tip=0.03`)).json<ActionGetResponse>()
    expect(body.label).toBe('Donate 0.53 SOL')
    expect(body.links).toBeUndefined()
    expect(body.description).toContain('You are giving 0.5 SOL + 0.03 SOL tip to Lifeline.')
    const noTip = (await get(`${action()}?amount=0.5`)).json<ActionGetResponse>()
    expect(noTip.description).toContain('You are giving 0.5 SOL, no tip.')
  })

  it('shows but disables the Action for a client on another cluster', async () => {
    const response = await get(action(), {
      'x-accept-blockchain-ids': 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
    const body = response.json<ActionGetResponse>()
    expect(body.disabled).toBe(true)
    expect(body.error?.message).toContain(`This Action pays on Solana local (${chainId})`)
  })

  it('answers the preflight of a blink client with the same headers', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: action(),
      headers: {
        origin: 'https://dial.to',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(preflight.statusCode).toBe(200)
    expectActionHeaders(preflight.headers)
  })

  it('answers {message} with the headers for an emergency that does not exist', async () => {
    const response = await get(action(999_999))
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ message: 'Emergency not found.' })
    expectActionHeaders(response.headers)
  })
})

describe('POST /api/actions/donate/{id}', () => {
  it('builds an unsigned transaction for the account: fee payer, fresh blockhash, tip and donation, reference', async () => {
    const account = donor()
    const response = await post(
      `${action()}?amount=0.5&tip_percent=5`,
      { account },
      { origin: 'https://dial.to' },
    )
    expect(response.statusCode).toBe(200)
    expectActionHeaders(response.headers)
    const body = response.json<ActionPostResponse>()
    expect(body.type).toBe('transaction')
    expect(body.message).toBe(
      'Donating 0.5 SOL + 0.03 SOL tip to Lifeline to “Roof after the storm”. Thank you!',
    )

    const tx = Transaction.from(Buffer.from(body.transaction, 'base64'))
    expect(tx.feePayer?.toBase58()).toBe(account)
    expect(tx.signatures.every((s) => s.signature === null)).toBe(true)
    const valid = await t.ledger.connection.isBlockhashValid(tx.recentBlockhash!, { commitment: 'confirmed' })
    expect(valid.value).toBe(true)

    const [tip, donation] = tx.instructions
    expect(tx.instructions).toHaveLength(2)
    for (const ix of [tip!, donation!]) expect(ix.programId.equals(SystemProgram.programId)).toBe(true)
    expect(SystemInstruction.decodeTransfer(tip!)).toMatchObject({ lamports: 30_000_000n })
    expect(SystemInstruction.decodeTransfer(tip!).toPubkey.toBase58()).toBe(t.config.platformWallet)
    const paid = SystemInstruction.decodeTransfer(donation!)
    expect(paid.fromPubkey.toBase58()).toBe(account)
    expect(paid.toPubkey.toBase58()).toBe(emergency.receiving_wallet)
    expect(paid.lamports).toBe(500_000_000n)
    const [, , reference, watchKey] = donation!.keys
    expect(donation!.keys).toHaveLength(4)
    for (const key of [reference!, watchKey!])
      expect(key).toMatchObject({ isSigner: false, isWritable: false })
    expect(PublicKey.isOnCurve(watchKey!.pubkey.toBytes())).toBe(false)

    const again = (await post(`${action()}?amount=0.5&tip_percent=5`, { account })).json<ActionPostResponse>()
    const second = Transaction.from(Buffer.from(again.transaction, 'base64')).instructions[1]!.keys
    expect(second[2]!.pubkey.equals(reference!.pubkey)).toBe(false)
    expect(second[3]!.pubkey.equals(watchKey!.pubkey)).toBe(true)
  })

  it('adds no tip unless one was chosen, and takes a SOL tip as the PWA form has it', async () => {
    const noTip = (await post(`${action()}?amount=0.25`, { account: donor() })).json<ActionPostResponse>()
    expect(Transaction.from(Buffer.from(noTip.transaction, 'base64')).instructions).toHaveLength(1)
    expect(noTip.message).toContain('0.25 SOL, no tip')
    const zero = (
      await post(`${action()}?amount=0.25&tip_percent=0`, { account: donor() })
    ).json<ActionPostResponse>()
    expect(Transaction.from(Buffer.from(zero.transaction, 'base64')).instructions).toHaveLength(1)
    const typed = (
      await post(`${action()}?amount=0.25&tip=0.0125`, { account: donor() })
    ).json<ActionPostResponse>()
    const [tip] = Transaction.from(Buffer.from(typed.transaction, 'base64')).instructions
    expect(SystemInstruction.decodeTransfer(tip!).lamports).toBe(12_500_000n)
  })

  const refusals: [string, string, unknown, number, string][] = [
    ['a missing account', '?amount=1', {}, 400, 'Invalid request.'],
    [
      'an account that is not an address',
      '?amount=1',
      { account: 'not-a-wallet' },
      400,
      'account is not a Solana address.',
    ],
    [
      'a program-derived account, which cannot sign',
      '?amount=1',
      {
        account: PublicKey.findProgramAddressSync([Buffer.from('x')], SystemProgram.programId)[0].toBase58(),
      },
      400,
      'account is not a wallet that can sign.',
    ],
    ['no amount', '', { account: 'DONOR' }, 400, 'Choose an amount to donate.'],
    [
      'an amount below the minimum',
      '?amount=0.0001',
      { account: 'DONOR' },
      400,
      'The minimum donation is 0.001 SOL.',
    ],
    [
      'a malformed amount',
      '?amount=1e3',
      { account: 'DONOR' },
      400,
      'amount must be a SOL amount with at most 9 decimals.',
    ],
    [
      'a tip given twice',
      '?amount=1&tip=0.1&tip_percent=5',
      { account: 'DONOR' },
      400,
      'Give either tip or tip_percent, not both.',
    ],
    [
      'a tip in SOL larger than the donation allows (50 SOL on 0.001 SOL)',
      '?amount=0.001&tip=50',
      { account: 'DONOR' },
      400,
      'The tip can be at most 99% of the donation.',
    ],
  ]
  it.each(refusals)(
    'refuses %s with {message} and the Action headers',
    async (_, query, payload, status, message) => {
      const body = JSON.parse(JSON.stringify(payload).replace('DONOR', donor())) as object
      const response = await post(`${action()}${query}`, body)
      expect(response.statusCode).toBe(status)
      expect(response.json()).toMatchObject({ message })
      expectActionHeaders(response.headers)
    },
  )

  it('bounds a tip in SOL as tip_percent is bounded: 99% of the amount is the most, in the blink and the POST', async () => {
    const at = await post(`${action()}?amount=1&tip=0.99`, { account: donor() })
    expect(at.statusCode, at.body).toBe(200)
    const over = `${action()}?amount=1&tip=0.990000001`
    expect((await post(over, { account: donor() })).statusCode).toBe(400)
    const shown = await get(`${action()}?amount=0.001&tip=50`)
    expect(shown.statusCode).toBe(400)
    expect(shown.json()).toMatchObject({
      code: 'invalid_amount',
      message: 'The tip can be at most 99% of the donation.',
    })
  })

  it('refuses the receiving wallet itself as the donor', async () => {
    const response = await post(`${action()}?amount=1`, { account: emergency.receiving_wallet })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toContain('cannot donate to itself')
  })

  it('refuses a client on another cluster', async () => {
    const response = await post(
      `${action()}?amount=1`,
      { account: donor() },
      { 'x-accept-blockchain-ids': 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' },
    )
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'cluster_mismatch' })
    expect(response.json().message).toContain('your wallet accepts solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')
  })

  it('refuses an emergency that is gone (unknown or deleted) and a confirmed scam', async () => {
    expect((await post(`${action(999_999)}?amount=1`, { account: donor() })).json()).toMatchObject({
      message: 'Emergency not found.',
    })
    const deleted = await createEmergency(t.app, owner.bearer)
    await t.app.inject({
      method: 'DELETE',
      url: `/api/emergency/delete/${deleted.id}/`,
      headers: owner.bearer,
    })
    const gone = await post(`${action(deleted.id)}?amount=1`, { account: donor() })
    expect(gone.statusCode).toBe(404)

    const scam = await createEmergency(t.app, owner.bearer)
    await confirmScam(t.app, scam.id, admin.bearer)
    for (const response of [
      await post(`${action(scam.id)}?amount=1`, { account: donor() }),
      await get(action(scam.id)),
    ]) {
      expect(response.statusCode).toBe(403)
      expect(response.json().message).toBe(
        'This emergency was confirmed as a scam. Donations to it are closed.',
      )
    }
  })
})

describe('GET /api/actions/checkouts/{checkout}/', () => {
  it('says waiting until a wallet asked for the transaction, then opened', async () => {
    const checkout = 'panel_0123456789abcdef'
    const status = async () => (await get(`/api/actions/checkouts/${checkout}/`)).json<CheckoutStatus>()
    expect(await status()).toEqual({ status: 'waiting', donation: null })
    await post(`${action()}?amount=0.3&checkout=${checkout}`, { account: donor() })
    expect(await status()).toEqual({ status: 'opened', donation: null })
    expect((await get('/api/actions/checkouts/short/')).statusCode).toBe(400)
  })
})
