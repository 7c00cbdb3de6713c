// Finding 5 of the hardening review (issue 11): during an RPC outage an admin approved a listing-fee claim the
// server could not verify, and the answer looked verified. A campaign owner claimed a donor's not-yet-recorded
// donation signature: the campaign was listed without paying, and the donor's donation was refused forever after.
// Such approvals are now `unverified` (said so in the answer and the admin list), verified once the ledger is back
// (a refuted claim is rejected and its campaign un-listed), and the donor's verified donation wins.
import { LAMPORTS_PER_SOL } from '@solana/web3.js'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Campaign, CampaignPayment } from '../../api-contract/airdrops'
import type { Page } from '../../api-contract/common'
import { createRpcClient } from '../../server/chain'
import { rowsOf } from '../../server/db/client'
import { reverifyUnverifiedFees } from '../../server/modules/airdrops/listing-fee-reverify'
import { ledgerAppWithAdmin, type LedgerTestApp, pay, type PayingUser } from '../helpers/ledger'
import { approvedKyc, createCampaign } from './airdrops-fixtures'
import { createEmergency } from './emergencies-fixtures'

const FEE = BigInt(LAMPORTS_PER_SOL) / 2n
const down = () => createRpcClient('http://127.0.0.1:1')
// The ledger runs (users really pay), but the server's RPC is switched between it and a closed port.
const chain = { rpc: down(), genesisHash: 'unreachable' }
let t: LedgerTestApp
let owner: PayingUser
let donor: PayingUser
let admin: PayingUser
beforeAll(async () => {
  ;({
    t,
    admin,
    users: [owner, donor],
  } = await ledgerAppWithAdmin([3, 3], { deps: { chain } }))
  await approvedKyc(t.app, owner.bearer, admin.bearer)
})
afterAll(() => t.close())

const ledgerUp = () => {
  chain.rpc = createRpcClient(t.ledger.ledger.rpcUrl)
}
const ledgerDown = () => {
  chain.rpc = down()
}
const post = (url: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload })
const claimOf = async (txHash: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/airdrop/admin/campaign-payments/', headers: admin.bearer }))
    .json<Page<CampaignPayment>>()
    .results.find((c) => c.tx_hash === txHash)!
const isListed = async (campaign: Campaign) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/airdrop/campaigns/${campaign.id}/`,
      headers: admin.bearer,
    })
  ).json<Campaign>().is_listed
const reverify = () => reverifyUnverifiedFees({ config: t.config, db: t.db, chain })

/** The owner submits `txHash` as the campaign's fee while the ledger is down, and the admin approves it. */
async function approvedWhileDown(campaign: Campaign, txHash: string) {
  ledgerDown()
  const submitted = await post(`/api/airdrop/campaigns/${campaign.id}/submit-payment/`, owner.bearer, {
    tx_hash: txHash,
  })
  expect(submitted.statusCode).toBe(202)
  const claim = await claimOf(txHash)
  const approved = await post(`/api/airdrop/campaigns/${campaign.id}/approve-payment/`, admin.bearer, {
    payment_id: claim.id,
  })
  expect(approved.statusCode, approved.body).toBe(200)
  return { claim, answer: approved.json<{ message: string; verified: boolean }>() }
}

describe('an admin approval while the ledger is unreachable', () => {
  it("cannot take a donor's donation: the donation is recorded, the claim rejected, the campaign un-listed", async () => {
    const emergency = await createEmergency(t.app, owner.bearer, { receiving_wallet: owner.wallet.address })
    const campaign = await createCampaign(t.app, owner.bearer, { project_name: 'Free listing' })
    // The donor paid the emergency; before the donor's request, the owner claims that signature as the fee.
    const sig = await pay(t, donor.keypair, [{ to: emergency.receiving_wallet, lamports: 20_000_000n }])
    const { claim, answer } = await approvedWhileDown(campaign, sig)
    expect(answer.verified).toBe(false)
    expect(answer.message).toContain('WITHOUT on-chain verification')
    expect(await claimOf(sig)).toMatchObject({ id: claim.id, confirmed: true, unverified: true })
    expect(await isListed(campaign)).toBe(true)

    ledgerUp()
    const donation = await post('/api/emergency/donate/', donor.bearer, {
      emergency_id: emergency.id,
      amount: '0.02',
      tx_hash: sig,
    })
    expect(donation.statusCode, donation.body).toBe(201)
    expect(await claimOf(sig)).toMatchObject({ confirmed: false, rejected: true, unverified: false })
    expect(await isListed(campaign)).toBe(false)
    const detail = await t.app.inject({ method: 'GET', url: `/api/emergency/detail/${emergency.id}/` })
    expect(detail.json()).toMatchObject({ total_donated: '0.02', donation_count: 1 })
  })

  it('is verified when the ledger is back: a real fee stays listed, a short one is rejected and un-listed', async () => {
    const paid = await createCampaign(t.app, owner.bearer, { project_name: 'Paid' })
    const short = await createCampaign(t.app, owner.bearer, { project_name: 'Short' })
    const good = await pay(t, owner.keypair, [{ to: t.config.platformWallet, lamports: FEE }])
    const bad = await pay(t, owner.keypair, [{ to: t.config.platformWallet, lamports: FEE - 1n }])
    await approvedWhileDown(paid, good)
    await approvedWhileDown(short, bad)

    // Still down: nothing changes.
    expect(await reverify()).toMatchObject({ verified: 0, refuted: 0, unreachable: 1 })
    expect(await claimOf(good)).toMatchObject({ unverified: true })

    ledgerUp()
    expect(await reverify()).toMatchObject({ verified: 1, refuted: 1 })
    expect(await claimOf(good)).toMatchObject({ confirmed: true, unverified: false })
    expect(await isListed(paid)).toBe(true)
    expect(await claimOf(bad)).toMatchObject({ confirmed: false, rejected: true, unverified: false })
    expect(await isListed(short)).toBe(false)
    // The verified fee is a payment now (its signature can be used for nothing else); the refuted one is not.
    const kinds = rowsOf(
      await t.db.execute(sql`select tx_hash, kind from payments where tx_hash in (${good}, ${bad})`),
    )
    expect(kinds).toEqual([{ tx_hash: good, kind: 'listing_fee' }])
  })

  it('is verified at once when the admin approves it again (Verify now)', async () => {
    const campaign = await createCampaign(t.app, owner.bearer, { project_name: 'Verify now' })
    const wrong = await pay(t, owner.keypair, [{ to: donor.wallet.address, lamports: FEE }])
    const { claim } = await approvedWhileDown(campaign, wrong)
    const stillDown = await post(`/api/airdrop/campaigns/${campaign.id}/approve-payment/`, admin.bearer, {
      payment_id: claim.id,
    })
    expect(stillDown.statusCode).toBe(503)

    ledgerUp()
    const refuted = await post(`/api/airdrop/campaigns/${campaign.id}/approve-payment/`, admin.bearer, {
      payment_id: claim.id,
    })
    expect(refuted.statusCode).toBe(422)
    expect(refuted.json().error).toContain('wrong recipient')
    expect(await isListed(campaign)).toBe(false)
    expect(await claimOf(wrong)).toMatchObject({ rejected: true, unverified: false })
  })
})
