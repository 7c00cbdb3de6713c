// Receipts (issue 31): every credited donation has one at GET /api/receipts/{tx_hash}/, whichever path credited it
// (the app's POST, which deep-link payments also end with; the reference watcher for blinks and the QR; a recovery),
// with the chain's slot and block time as the verifier read them. Runs on PGlite and on PostgreSQL.
import { LAMPORTS_PER_SOL } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '../../api-contract/common'
import type { Donation } from '../../api-contract/donations'
import type { Emergency } from '../../api-contract/emergencies'
import type { Receipt } from '../../api-contract/receipts'
import { eventually, requestDonation, signAndSend } from '../helpers/actions'
import { ledgerAppWithAdmin, type LedgerTestApp, pay, type PayingUser } from '../helpers/ledger'
import { createEmergency } from './emergencies-fixtures'

const SOL = BigInt(LAMPORTS_PER_SOL)
let t: LedgerTestApp
let donor: PayingUser
let campaigner: PayingUser
let emergency: Emergency
beforeAll(async () => {
  ;({
    t,
    users: [donor, campaigner],
  } = await ledgerAppWithAdmin([5, 1], { deps: { referenceWatcher: { sweepMs: 250 } } }))
  emergency = await createEmergency(t.app, campaigner.bearer, { title: 'Bridge repair', sol_goal: '30' })
})
afterAll(async () => {
  await t.close()
})

const receipt = (txHash: string) => t.app.inject({ method: 'GET', url: `/api/receipts/${txHash}/` })

/** What the chain says of the transaction (slot, block time), asked of the ledger directly. */
async function onChain(signature: string) {
  const tx = await t.ledger.connection.getTransaction(signature, {
    commitment: 'confirmed',
    maxSupportedTransactionVersion: 0,
  })
  return { slot: tx!.slot, block_time: new Date(tx!.blockTime! * 1000).toISOString() }
}

/** The receipt every path must give: the donation as recorded, the chain's facts, the explorer link. */
async function expectReceipt(signature: string, donation: Partial<Receipt>) {
  const response = await receipt(signature)
  expect(response.statusCode).toBe(200)
  const body = response.json<Receipt>()
  expect(body).toEqual({
    tx_hash: signature,
    emergency: { id: emergency.id, title: 'Bridge repair', receiving_wallet: emergency.receiving_wallet },
    donor_wallet: donor.address,
    currency: 'SOL',
    tip_amount: '0',
    comment: null,
    created_at: expect.any(String),
    ...(await onChain(signature)),
    cluster: 'local',
    explorer_url: `https://explorer.solana.com/tx/${signature}?cluster=custom&customUrl=${encodeURIComponent(t.config.publicRpcUrl)}`,
    ...donation,
  })
  return body
}

describe('GET /api/receipts/{tx_hash}/', () => {
  it('gives the receipt of a donation the app recorded (the path deep links end with too)', async () => {
    const signature = await pay(t, donor.keypair, [
      { to: emergency.receiving_wallet, lamports: SOL / 4n },
      { to: t.config.platformWallet, lamports: 12_500_000n },
    ])
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/emergency/donate/',
      headers: donor.bearer,
      payload: {
        emergency_id: emergency.id,
        amount: '0.25',
        tip_amount: '0.0125',
        tx_hash: signature,
        comment: 'For the bridge, "with love", from all of us',
      },
    })
    expect(posted.statusCode).toBe(201)
    const body = await expectReceipt(signature, {
      amount: '0.25',
      tip_amount: '0.0125',
      comment: 'For the bridge, "with love", from all of us',
    })
    expect(body.created_at).toBe(posted.json<Donation>().created_at)
  })

  it('gives the receipt of a blink or QR donation the reference watcher recorded', async () => {
    // The donor's wallet is the same key, so the receipt names it; the watcher credits without any other call.
    const { transaction } = await requestDonation(t.app, emergency.id, donor.keypair.publicKey, 'amount=0.2')
    const signature = await signAndSend(t.ledger.connection, transaction, donor.keypair)
    await eventually(
      async () => ((await receipt(signature)).statusCode === 200 ? true : undefined),
      20_000,
      'the watcher to record it',
    )
    await expectReceipt(signature, { amount: '0.2' })
  })

  it('gives the receipt of a recovered donation', async () => {
    const signature = await pay(t, donor.keypair, [{ to: emergency.receiving_wallet, lamports: 40_000_000n }])
    expect((await receipt(signature)).statusCode).toBe(404)
    const recovered = await t.app.inject({
      method: 'POST',
      url: '/api/emergency/donate/recover/',
      headers: donor.bearer,
      payload: { emergency_id: emergency.id, tx_hash: signature },
    })
    expect(recovered.statusCode).toBe(201)
    await expectReceipt(signature, { amount: '0.04' })
  })

  it('shows the emergency’s title as it is now', async () => {
    const signature = await pay(t, donor.keypair, [{ to: emergency.receiving_wallet, lamports: 10_000_000n }])
    await t.app.inject({
      method: 'POST',
      url: '/api/emergency/donate/',
      headers: donor.bearer,
      payload: { emergency_id: emergency.id, amount: '0.01', tx_hash: signature },
    })
    expect((await receipt(signature)).json<Receipt>().emergency.title).toBe('Bridge repair')
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/emergency/update/${emergency.id}/`,
      headers: campaigner.bearer,
      payload: { title: 'Bridge repair, phase two' },
    })
    expect(renamed.statusCode).toBe(200)
    expect((await receipt(signature)).json<Receipt>().emergency.title).toBe('Bridge repair, phase two')
  })

  it('answers 404 for a signature with no donation (unknown, or a boost) and 400 for one that is not base58', async () => {
    const unknown = (await receipt('5'.repeat(88))).json()
    expect(unknown).toEqual({
      error: 'No donation is recorded with this signature.',
      detail: 'No donation is recorded with this signature.',
      code: 'not_found',
    })
    const mine = await createEmergency(t.app, donor.bearer)
    const boost = await pay(t, donor.keypair, [{ to: t.config.platformWallet, lamports: SOL / 10n }])
    const boosted = await t.app.inject({
      method: 'POST',
      url: '/api/emergency/boost/',
      headers: donor.bearer,
      payload: { emergency_id: mine.id, tx_hash: boost },
    })
    expect(boosted.statusCode).toBe(200)
    expect((await receipt(boost)).statusCode).toBe(404)
    expect((await receipt('0OIl'.repeat(22))).statusCode).toBe(400)
  })

  it('lists, in the feed, only donations that each have a receipt', async () => {
    const feed = (
      await t.app.inject({ method: 'GET', url: '/api/emergency/public-donations/?page_size=100' })
    ).json<Page<Donation>>()
    expect(feed.results.length).toBeGreaterThan(3)
    for (const d of feed.results) expect((await receipt(d.tx_hash)).statusCode, d.tx_hash).toBe(200)
  })
})
