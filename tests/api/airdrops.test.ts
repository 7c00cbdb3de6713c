// Campaigns and the listing fee end to end: every fee a real transaction on the local ledger, signed by the
// campaign owner's wallet and verified by the server before the campaign is listed.
import { Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Campaign, CampaignPayment, MyCampaign } from '../../api-contract/airdrops'
import type { Page } from '../../api-contract/common'
import { ledgerAppWithAdmin, type LedgerTestApp, pay, type PayingUser } from '../helpers/ledger'
import { approvedKyc, campaignFields, createCampaign } from './airdrops-fixtures'
import { createEmergency, multipart, png } from './emergencies-fixtures'

const SOL = BigInt(LAMPORTS_PER_SOL)
const FEE = SOL / 2n
type Headers = Record<string, string>
let t: LedgerTestApp
let owner: PayingUser
let other: PayingUser
let admin: PayingUser
beforeAll(async () => {
  ;({
    t,
    admin,
    users: [owner, other],
  } = await ledgerAppWithAdmin([5, 2]))
  await approvedKyc(t.app, owner.bearer, admin.bearer, 'Grace Hopper')
})
afterAll(async () => {
  await t.close()
})

const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url, headers })
const post = (url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, payload })
const submitPayment = (user: PayingUser, campaign: Campaign, txHash: string) =>
  post(`/api/airdrop/campaigns/${campaign.id}/submit-payment/`, user.bearer, { tx_hash: txHash })
const platform = () => t.config.platformWallet
const listed = async () => (await get('/api/airdrop/campaigns/')).json<Page<Campaign>>()

describe('POST /api/airdrop/campaigns/create/', () => {
  it('needs approved KYC', async () => {
    const form = multipart(campaignFields())
    const refused = await post(
      '/api/airdrop/campaigns/create/',
      { ...other.bearer, ...form.headers },
      form.payload as never,
    )
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({
      error: 'You cannot create a campaign until your KYC is approved.',
    })
    expect(
      (await post('/api/airdrop/campaigns/create/', form.headers, form.payload as never)).statusCode,
    ).toBe(401)
  })

  it('creates an unlisted campaign with a cleaned public image', async () => {
    const campaign = await createCampaign(t.app, owner.bearer, {}, [
      { name: 'image', filename: 'logo.png', contentType: 'image/png', body: await png() },
    ])
    expect(campaign).toMatchObject({
      project_name: 'Solar Seeds',
      sol_goal: '25',
      is_listed: false,
      has_investor_involved: false,
      amount_released: '0',
      owner_wallet: owner.address,
    })
    expect(campaign.image).toMatch(/\/api\/media\/[0-9a-f-]+\.png$/)
    expect((await get(new URL(campaign.image!).pathname)).statusCode).toBe(200)
  })

  it('validates the goal, the URLs and the wallet', async () => {
    const invalid: Record<string, string>[] = [
      { sol_goal: '0.009' },
      { sol_goal: 'abc' },
      { website: 'javascript:alert(1)' },
      { github_url: 'not a url' },
      { receiving_wallet: 'nope' },
      { project_name: ' ' },
    ]
    for (const over of invalid) {
      const form = multipart(campaignFields(over))
      const response = await post(
        '/api/airdrop/campaigns/create/',
        { ...owner.bearer, ...form.headers },
        form.payload as never,
      )
      expect(response.statusCode, JSON.stringify(over)).toBe(400)
    }
    const bad = multipart(campaignFields(), [
      {
        name: 'image',
        filename: 'x.png',
        contentType: 'image/png',
        body: Buffer.from('<svg onload=alert(1)>'),
      },
    ])
    expect(
      (
        await post(
          '/api/airdrop/campaigns/create/',
          { ...owner.bearer, ...bad.headers },
          bad.payload as never,
        )
      ).statusCode,
    ).toBe(415)
  })
})

describe('campaign visibility', () => {
  it('shows an unlisted campaign only to its owner and admins', async () => {
    const campaign = await createCampaign(t.app, owner.bearer, { project_name: 'Hidden' })
    expect((await get(`/api/airdrop/campaigns/${campaign.id}/`)).statusCode).toBe(404)
    expect((await get(`/api/airdrop/campaigns/${campaign.id}/`, other.bearer)).json()).toMatchObject({
      error: 'Campaign not found',
    })
    expect((await get(`/api/airdrop/campaigns/${campaign.id}/`, owner.bearer)).statusCode).toBe(200)
    expect((await get(`/api/airdrop/campaigns/${campaign.id}/`, admin.bearer)).statusCode).toBe(200)
    expect((await listed()).results.map((c) => c.id)).not.toContain(campaign.id)
  })

  it('lists my campaigns only to me', async () => {
    expect((await get('/api/airdrop/campaigns/my/')).statusCode).toBe(401)
    expect((await get('/api/airdrop/campaigns/my/', other.bearer)).json<Page<MyCampaign>>().count).toBe(0)
    const mine = (await get('/api/airdrop/campaigns/my/', owner.bearer)).json<Page<MyCampaign>>()
    expect(mine.count).toBeGreaterThan(0)
    expect(mine.results[0]).toMatchObject({ payment: null, investment_intents: [] })
  })
})

describe('POST /api/airdrop/campaigns/{id}/submit-payment/: the listing fee on-chain', () => {
  let campaign: Campaign
  let sig: string
  beforeAll(async () => {
    campaign = await createCampaign(t.app, owner.bearer, { project_name: 'Listed One' })
  })

  it('refuses 0.4999… SOL as the wrong amount and a transfer to another wallet as the wrong recipient', async () => {
    const short = await pay(t, owner.keypair, [{ to: platform(), lamports: FEE - 1n }])
    const response = await submitPayment(owner, campaign, short)
    expect(response.statusCode).toBe(422)
    expect(response.json().error).toContain('wrong amount')
    const elsewhere = await pay(t, owner.keypair, [{ to: Keypair.generate().publicKey, lamports: FEE }])
    const wrong = await submitPayment(owner, campaign, elsewhere)
    expect(wrong.statusCode).toBe(422)
    expect(wrong.json().error).toContain('wrong recipient')
    expect((await submitPayment(owner, campaign, '1'.repeat(88))).json().error).toContain(
      'not found on-chain',
    )
    expect((await get(`/api/airdrop/campaigns/${campaign.id}/`)).statusCode).toBe(404)
  })

  it('lets only the owner submit the fee', async () => {
    const theirs = await pay(t, other.keypair, [{ to: platform(), lamports: FEE }])
    expect((await submitPayment(other, campaign, theirs)).statusCode).toBe(403)
    expect(
      (await post(`/api/airdrop/campaigns/${campaign.id}/submit-payment/`, {}, { tx_hash: theirs }))
        .statusCode,
    ).toBe(401)
    expect((await submitPayment(owner, { ...campaign, id: 999_999 }, theirs)).statusCode).toBe(404)
  })

  it('lists the campaign once the owner paid exactly 0.5 SOL to the platform wallet', async () => {
    sig = await pay(t, owner.keypair, [{ to: platform(), lamports: FEE }])
    const response = await submitPayment(owner, campaign, sig)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: 'Payment verified and campaign listed.' })
    expect((await get(`/api/airdrop/campaigns/${campaign.id}/`)).json()).toMatchObject({ is_listed: true })
    expect((await listed()).results.map((c) => c.id)).toContain(campaign.id)
    const mine = (await get('/api/airdrop/campaigns/my/', owner.bearer)).json<Page<MyCampaign>>()
    expect(mine.results.find((c) => c.id === campaign.id)?.payment).toEqual({
      tx_hash: sig,
      amount: '0.5',
      confirmed: true,
      rejected: false,
      unverified: false,
    })
  })

  it('answers already verified for the same transaction twice', async () => {
    const again = await submitPayment(owner, campaign, sig)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ error: 'Payment already verified.' })
  })

  it("refuses another campaign's fee signature and a donation's signature as already processed", async () => {
    const second = await createCampaign(t.app, owner.bearer, { project_name: 'Second' })
    const reused = await submitPayment(owner, second, sig)
    expect(reused.statusCode).toBe(422)
    expect(reused.json().error).toContain('already been processed')

    const emergency = await createEmergency(t.app, other.bearer)
    const donation = await pay(t, owner.keypair, [{ to: emergency.receiving_wallet, lamports: FEE }])
    const donated = await post('/api/emergency/donate/', owner.bearer, {
      emergency_id: emergency.id,
      amount: '0.5',
      tx_hash: donation,
    })
    expect(donated.statusCode).toBe(201)
    const replay = await submitPayment(owner, second, donation)
    expect(replay.statusCode).toBe(422)
    expect(replay.json().error).toContain('already been processed')
    expect((await get(`/api/airdrop/campaigns/${second.id}/`, owner.bearer)).json()).toMatchObject({
      is_listed: false,
    })
  })
})

describe('admin listing-fee review', () => {
  it('is for admins only', async () => {
    expect((await get('/api/airdrop/admin/campaign-payments/')).statusCode).toBe(401)
    expect((await get('/api/airdrop/admin/campaign-payments/', owner.bearer)).statusCode).toBe(403)
    expect(
      (await post('/api/airdrop/campaigns/1/approve-payment/', owner.bearer, { payment_id: 1 })).statusCode,
    ).toBe(403)
    expect(
      (await post('/api/airdrop/campaigns/1/reject-payment/', owner.bearer, { payment_id: 1 })).statusCode,
    ).toBe(403)
    expect((await post('/api/airdrop/campaigns/1/reject-payment/', {}, { payment_id: 1 })).statusCode).toBe(
      401,
    )
    expect((await post('/api/airdrop/campaigns/1/approve-payment/', {}, { payment_id: 1 })).statusCode).toBe(
      401,
    )
  })

  it('lists claims and refuses any action on a confirmed one', async () => {
    const page = (await get('/api/airdrop/admin/campaign-payments/', admin.bearer)).json<
      Page<CampaignPayment>
    >()
    const confirmed = page.results.find((p) => p.confirmed)!
    expect(confirmed).toMatchObject({ campaign_name: 'Listed One', amount: '0.5', rejected: false })
    const approve = await post(
      `/api/airdrop/campaigns/${confirmed.campaign}/approve-payment/`,
      admin.bearer,
      {
        payment_id: confirmed.id,
      },
    )
    expect(approve.statusCode).toBe(409)
    const reject = await post(`/api/airdrop/campaigns/${confirmed.campaign}/reject-payment/`, admin.bearer, {
      payment_id: confirmed.id,
    })
    expect(reject.statusCode).toBe(409)
    const elsewhere = await post(`/api/airdrop/campaigns/999999/approve-payment/`, admin.bearer, {
      payment_id: confirmed.id,
    })
    expect(elsewhere.statusCode).toBe(404)
  })
})
