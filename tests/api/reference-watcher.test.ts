// The reference watcher: donations made through the Action are recorded from the chain on their own, once, only
// when the chain proves them. Runs on PGlite (node project) and on PostgreSQL (pg project).
import { Keypair, SystemProgram, Transaction } from '@solana/web3.js'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckoutStatus } from '../../api-contract/actions'
import type { Page } from '../../api-contract/common'
import type { Donation } from '../../api-contract/donations'
import type { Emergency } from '../../api-contract/emergencies'
import { confirm } from '../../ledger-sim/test-kit'
import { insertReference } from '../../server/modules/actions/action-references.repository'
import { actionReferences } from '../../server/modules/actions/action-references.table'
import { eventually, requestDonation, signAndSend } from '../helpers/actions'
import { fund, ledgerAppWithAdmin, type LedgerTestApp, type PayingUser } from '../helpers/ledger'
import { register, signIn, testWallet } from '../helpers/wallet'
import { createEmergency } from './emergencies-fixtures'

let t: LedgerTestApp
let owner: PayingUser
let emergency: Emergency
beforeAll(async () => {
  ;({
    t,
    users: [owner],
    // The default sweep period (5 s) is for production; the feed keeps its 1 s.
  } = await ledgerAppWithAdmin([0], { deps: { referenceWatcher: { sweepMs: 250 } } }))
  emergency = await createEmergency(t.app, owner.bearer, { title: 'Clinic generator', sol_goal: '20' })
})
afterAll(async () => {
  await t.close()
})

const getJson = async <T>(url: string, headers: Record<string, string> = {}) =>
  (await t.app.inject({ method: 'GET', url, headers })).json<T>()
const donationsTo = (id = emergency.id) =>
  getJson<Page<Donation>>(`/api/emergency/${id}/donations/?page_size=100`)
const recorded = (signature: string, id = emergency.id) =>
  eventually(
    async () => (await donationsTo(id)).results.find((d) => d.tx_hash === signature),
    20_000,
    `the donation ${signature.slice(0, 8)}… to be recorded`,
  )
const referenceRow = async (reference: string) =>
  (await t.db.select().from(actionReferences).where(eq(actionReferences.reference, reference)))[0]!

/** A donor wallet that is not a user, holding `sol`. */
async function outsider(sol = 2) {
  const wallet = testWallet()
  const keypair = Keypair.fromSecretKey(wallet.secretKey)
  if (sol > 0) await fund(t, keypair.publicKey, sol)
  return { wallet, keypair }
}

describe('the reference watcher', () => {
  it('records a donation built by the Action, signed by a wallet that is not a user, with no other call', async () => {
    const before = await getJson<Emergency>(`/api/emergency/detail/${emergency.id}/`)
    const { wallet, keypair } = await outsider()
    const checkout = 'watcher_test_checkout_1'
    const { transaction, reference } = await requestDonation(
      t.app,
      emergency.id,
      keypair.publicKey,
      `amount=0.4&tip_percent=5&checkout=${checkout}`,
    )
    const signature = await signAndSend(t.ledger.connection, transaction, keypair)
    const started = Date.now()

    const donation = await recorded(signature)
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(donation).toMatchObject({
      amount: '0.4',
      tip_amount: '0.02',
      donor_wallet: wallet.address,
      donor_registered: false,
    })
    const after = await getJson<Emergency>(`/api/emergency/detail/${emergency.id}/`)
    expect(after).toMatchObject({ total_donated: '0.4', donation_count: before.donation_count + 1 })
    const feed = await getJson<Page<Donation>>(
      `/api/emergency/public-donations/?search=${signature.slice(0, 10)}`,
    )
    expect(feed.results.map((d) => d.tx_hash)).toEqual([signature])
    expect(await referenceRow(reference.toBase58())).toMatchObject({ status: 'credited', txHash: signature })
    expect(await getJson<CheckoutStatus>(`/api/actions/checkouts/${checkout}/`)).toEqual({
      status: 'received',
      donation: {
        currency: 'SOL',
        amount: '0.4',
        tip_amount: '0.02',
        tx_hash: signature,
        donor_wallet: wallet.address,
      },
    })

    // The donor registers later: the donation is in their history from then on.
    await register(t.app, wallet, 'late@example.com')
    const { access } = await signIn(t.app, wallet)
    const mine = await getJson<Page<Donation>>('/api/emergency/my-donations/', {
      authorization: `Bearer ${access}`,
    })
    expect(mine.results.map((d) => [d.tx_hash, d.donor_registered])).toEqual([[signature, true]])
  })

  it('never credits a transaction that only mentions another donation’s reference, and still credits the real one', async () => {
    const victim = await outsider()
    const { transaction, reference } = await requestDonation(
      t.app,
      emergency.id,
      victim.keypair.publicKey,
      'amount=0.3',
    )
    const forger = await outsider()
    const { blockhash } = await t.ledger.connection.getLatestBlockhash()
    // The forger pays the campaign 0.001 SOL with the victim's reference on the transfer, and pays himself with it too.
    const toCampaign = SystemProgram.transfer({
      fromPubkey: forger.keypair.publicKey,
      toPubkey: transaction.instructions[0]!.keys[1]!.pubkey,
      lamports: 1_000_000,
    })
    const toSelf = SystemProgram.transfer({
      fromPubkey: forger.keypair.publicKey,
      toPubkey: Keypair.generate().publicKey,
      lamports: 300_000_000,
    })
    for (const ix of [toCampaign, toSelf])
      ix.keys.push({ pubkey: reference, isSigner: false, isWritable: false })
    const forged = new Transaction({ feePayer: forger.keypair.publicKey, recentBlockhash: blockhash }).add(
      toCampaign,
      toSelf,
    )
    forged.sign(forger.keypair)
    const forgedSignature = await t.ledger.connection.sendRawTransaction(forged.serialize())
    await confirm(t.ledger.connection, forgedSignature)

    const real = await signAndSend(t.ledger.connection, transaction, victim.keypair)
    await recorded(real)
    const all = (await donationsTo()).results.map((d) => d.tx_hash)
    expect(all).toContain(real)
    expect(all).not.toContain(forgedSignature)
    expect(await referenceRow(reference.toBase58())).toMatchObject({ status: 'credited', txHash: real })
  })

  it('credits once a signature that the PWA also posts to emergency/donate/', async () => {
    const user = testWallet()
    const keypair = Keypair.fromSecretKey(user.secretKey)
    await fund(t, keypair.publicKey, 2)
    await register(t.app, user, 'both@example.com')
    const bearer = { authorization: `Bearer ${(await signIn(t.app, user)).access}` }
    const before = await getJson<Emergency>(`/api/emergency/detail/${emergency.id}/`)
    const { transaction, reference } = await requestDonation(
      t.app,
      emergency.id,
      keypair.publicKey,
      'amount=0.25&tip=0.01',
    )
    const signature = await signAndSend(t.ledger.connection, transaction, keypair)
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/emergency/donate/',
      headers: bearer,
      payload: { emergency_id: emergency.id, amount: '0.25', tip_amount: '0.01', tx_hash: signature },
    })
    expect([201, 422]).toContain(posted.statusCode)
    await eventually(async () =>
      (await referenceRow(reference.toBase58())).status === 'credited' ? true : undefined,
    )
    const rows = (await donationsTo()).results.filter((d) => d.tx_hash === signature)
    expect(rows).toHaveLength(1)
    const after = await getJson<Emergency>(`/api/emergency/detail/${emergency.id}/`)
    expect(Number(after.total_donated) - Number(before.total_donated)).toBeCloseTo(0.25, 9)
    expect(after.donation_count).toBe(before.donation_count + 1)
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/emergency/donate/',
      headers: bearer,
      payload: { emergency_id: emergency.id, amount: '0.25', tip_amount: '0.01', tx_hash: signature },
    })
    expect(again.json()).toMatchObject({ error: 'already been processed' })
  })

  it('records a payment within seconds while 1,000 references are open', async () => {
    const now = t.clock()
    const open = Array.from({ length: 999 }, () => ({
      reference: Keypair.generate().publicKey.toBase58(),
      emergencyId: emergency.id,
      payerWallet: Keypair.generate().publicKey.toBase58(),
      recipientWallet: emergency.receiving_wallet,
      lamports: 10_000_000n,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 15 * 60_000),
      nextCheckAt: now, // all due: the sweep looks each up on its own, in batches
    }))
    for (let i = 0; i < open.length; i += 250) await insertReference(t.db, open.slice(i, i + 250))
    const { keypair } = await outsider()
    const { transaction } = await requestDonation(t.app, emergency.id, keypair.publicKey, 'amount=0.1')
    const signature = await signAndSend(t.ledger.connection, transaction, keypair)
    const started = Date.now()
    await recorded(signature)
    expect(Date.now() - started).toBeLessThan(10_000)
  })

  it('lets an unpaid reference expire after its last look-up', async () => {
    const { keypair } = await outsider(0)
    const { reference } = await requestDonation(t.app, emergency.id, keypair.publicKey, 'amount=0.1')
    t.clock.advance(16 * 60_000)
    await eventually(async () =>
      (await referenceRow(reference.toBase58())).status === 'expired' ? true : undefined,
    )
    expect(await referenceRow(reference.toBase58())).toMatchObject({ txHash: null })
  })
})
