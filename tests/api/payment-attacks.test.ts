// Findings 1 and 2 of the hardening review (issue 11): only value that really moved is credited. A campaigner
// sending SOL from the receiving wallet to itself, or a round trip [donor→R, R→donor] co-signed by R, used to be
// credited in full; the recipient's net balance change now decides, for donations, tips, boosts and listing fees.
import { Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Badge } from '../../api-contract/badges'
import type { Page } from '../../api-contract/common'
import type { Emergency } from '../../api-contract/emergencies'
import { confirm, transferTx } from '../../ledger-sim/test-kit'
import { fund, ledgerAppWithAdmin, type LedgerTestApp, pay, type PayingUser } from '../helpers/ledger'
import { approvedKyc, createCampaign } from './airdrops-fixtures'
import { createEmergency } from './emergencies-fixtures'

const SOL = BigInt(LAMPORTS_PER_SOL)
// The platform wallet's key is the test's, so a test can make it co-sign a round trip.
const platformKey = Keypair.generate()
let t: LedgerTestApp
let donor: PayingUser
let campaigner: PayingUser
let admin: PayingUser
beforeAll(async () => {
  ;({
    t,
    admin,
    users: [donor, campaigner],
  } = await ledgerAppWithAdmin([5, 5], { config: { platformWallet: platformKey.publicKey.toBase58() } }))
  await fund(t, platformKey.publicKey, 2)
})
afterAll(() => t.close())

const post = (url: string, user: PayingUser, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: user.bearer, payload })
const detail = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/emergency/detail/${id}/` })).json<Emergency>()
const badges = async (user: PayingUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/badges/mybadges/', headers: user.bearer })).json<
    Page<Badge>
  >().results

/** One transaction of `legs` from `from`, plus `back` lamports returned by `cosigner` to `from`. */
async function roundTrip(
  from: PayingUser,
  cosigner: Keypair,
  legs: { to: string; lamports: bigint }[],
  back: bigint,
) {
  const connection = t.ledger.connection
  const tx = await transferTx(
    connection,
    from.keypair,
    legs.map((l) => ({ to: new PublicKey(l.to), lamports: l.lamports })),
    [
      SystemProgram.transfer({
        fromPubkey: cosigner.publicKey,
        toPubkey: from.keypair.publicKey,
        lamports: back,
      }),
    ],
  )
  tx.sign(from.keypair, cosigner)
  const sig = await connection.sendRawTransaction(tx.serialize())
  await confirm(connection, sig)
  return sig
}

describe('finding 1: self-donations credit nothing', () => {
  it("refuses a donation from the emergency's own receiving wallet (the spec's default) and awards nothing", async () => {
    const own = await createEmergency(t.app, campaigner.bearer, {
      receiving_wallet: campaigner.address,
      sol_goal: '1',
    })
    const sig = await pay(t, campaigner.keypair, [{ to: campaigner.address, lamports: SOL }])
    const response = await post('/api/emergency/donate/', campaigner, {
      emergency_id: own.id,
      amount: '1',
      tx_hash: sig,
    })
    expect(response.statusCode).toBe(422)
    expect(response.json()).toMatchObject({
      error: 'sent from the receiving wallet',
      code: 'payment_not_verified',
      reason: 'sent_from_recipient',
    })
    expect(await detail(own.id)).toMatchObject({ total_donated: '0', donation_count: 0 })
    expect((await badges(campaigner)).map((b) => b.kind)).not.toContain('goal_reached')
  })
})

describe('finding 2: net, not gross, crediting', () => {
  it('refuses [donor→R 1 SOL, R→donor 1 SOL] co-signed by R', async () => {
    const receiver = Keypair.generate()
    await fund(t, receiver.publicKey, 2)
    const e = await createEmergency(t.app, campaigner.bearer, {
      receiving_wallet: receiver.publicKey.toBase58(),
    })
    const sig = await roundTrip(donor, receiver, [{ to: e.receiving_wallet, lamports: SOL }], SOL)
    const response = await post('/api/emergency/donate/', donor, {
      emergency_id: e.id,
      amount: '1',
      tx_hash: sig,
    })
    expect(response.statusCode).toBe(422)
    expect(response.json()).toMatchObject({ error: 'sent from the receiving wallet' })
    expect(await detail(e.id)).toMatchObject({ total_donated: '0', donation_count: 0 })
  })

  it('refuses a tip the platform wallet sends back in the same transaction', async () => {
    const e = await createEmergency(t.app, campaigner.bearer)
    const sig = await roundTrip(
      donor,
      platformKey,
      [
        { to: e.receiving_wallet, lamports: 10_000_000n },
        { to: t.config.platformWallet, lamports: SOL / 2n },
      ],
      SOL / 2n,
    )
    const response = await post('/api/emergency/donate/', donor, {
      emergency_id: e.id,
      amount: '0.01',
      tip_amount: '0.5',
      tx_hash: sig,
    })
    expect(response.statusCode).toBe(422)
    expect(response.json()).toMatchObject({ error: 'sent from the receiving wallet' })
  })

  it('refuses a boost the platform wallet pays back', async () => {
    const e = await createEmergency(t.app, campaigner.bearer)
    const sig = await roundTrip(
      campaigner,
      platformKey,
      [{ to: t.config.platformWallet, lamports: SOL / 10n }],
      SOL / 10n,
    )
    const response = await post('/api/emergency/boost/', campaigner, { emergency_id: e.id, tx_hash: sig })
    expect(response.statusCode).toBe(422)
    expect(await detail(e.id)).toMatchObject({ is_featured: false })
  })

  it('refuses a listing fee the platform wallet pays back', async () => {
    await approvedKyc(t.app, campaigner.bearer, admin.bearer)
    const campaign = await createCampaign(t.app, campaigner.bearer)
    const sig = await roundTrip(
      campaigner,
      platformKey,
      [{ to: t.config.platformWallet, lamports: SOL / 2n }],
      SOL / 2n,
    )
    const response = await post(`/api/airdrop/campaigns/${campaign.id}/submit-payment/`, campaigner, {
      tx_hash: sig,
    })
    expect(response.statusCode).toBe(422)
    expect(response.json()).toMatchObject({ error: 'sent from the receiving wallet' })
  })

  it('still credits a donation split across instructions, at its net', async () => {
    const e = await createEmergency(t.app, campaigner.bearer)
    const sig = await pay(t, donor.keypair, [
      { to: e.receiving_wallet, lamports: 30_000_000n },
      { to: t.config.platformWallet, lamports: 1_000_000n },
      { to: e.receiving_wallet, lamports: 20_000_000n },
    ])
    const response = await post('/api/emergency/donate/', donor, {
      emergency_id: e.id,
      amount: '0.05',
      tip_amount: '0.001',
      tx_hash: sig,
    })
    expect(response.statusCode).toBe(201)
    expect(await detail(e.id)).toMatchObject({ total_donated: '0.05', donation_count: 1 })
  })
})
