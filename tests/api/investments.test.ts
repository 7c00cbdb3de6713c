// Investment intents: an investor with approved KYC expresses interest in a listed campaign; an admin approves
// (the chat opens, status 'merged', the campaign shows an investor) or rejects, only while pending.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Campaign, MyCampaign } from '../../api-contract/airdrops'
import type { Page } from '../../api-contract/common'
import type { InvestmentIntent } from '../../api-contract/investments'
import { ledgerAppWithAdmin, type LedgerTestApp, type PayingUser } from '../helpers/ledger'
import { approvedKyc, createCampaign, listedCampaign, submitKyc } from './airdrops-fixtures'

type Headers = Record<string, string>
let t: LedgerTestApp
let owner: PayingUser
let investor: PayingUser
let pendingKyc: PayingUser
let admin: PayingUser
let campaign: Campaign
beforeAll(async () => {
  ;({
    t,
    admin,
    users: [owner, investor, pendingKyc],
  } = await ledgerAppWithAdmin([3, 0, 0]))
  await approvedKyc(t.app, owner.bearer, admin.bearer, 'Grace Hopper')
  await approvedKyc(t.app, investor.bearer, admin.bearer, 'Ada Lovelace')
  await submitKyc(t.app, pendingKyc.bearer)
  campaign = await listedCampaign(t, owner)
})
afterAll(async () => {
  await t.close()
})

const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url, headers })
const post = (url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, payload })
const intent = { proposed_amount: '12.5', equity_percentage: 7.5, message: 'We would like to lead the seed.' }
const submit = (user: { bearer: Headers }, body: object = intent, id = campaign.id) =>
  post(`/api/airdrop/investment/${id}/submit/`, user.bearer, body)

describe('POST /api/airdrop/investment/{campaign_id}/submit/', () => {
  it('needs a signed-in investor with approved KYC', async () => {
    expect((await post(`/api/airdrop/investment/${campaign.id}/submit/`, {}, intent)).statusCode).toBe(401)
    const refused = await submit(pendingKyc)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ error: 'KYC verification is required before investing' })
  })

  it("refuses the owner's own campaign and unlisted campaigns", async () => {
    expect((await submit(owner)).statusCode).toBe(403)
    const unlisted = await createCampaign(t.app, owner.bearer, { project_name: 'Unlisted' })
    expect((await submit(investor, intent, unlisted.id)).statusCode).toBe(404)
    expect((await submit(investor, intent, 999_999)).statusCode).toBe(404)
  })

  it('validates the amount, the equity and the message', async () => {
    for (const body of [
      { ...intent, proposed_amount: 0 },
      { ...intent, proposed_amount: '-1' },
      { ...intent, equity_percentage: 101 },
      { ...intent, message: '   ' },
      { proposed_amount: '1' },
    ])
      expect((await submit(investor, body)).statusCode, JSON.stringify(body)).toBe(400)
  })

  it('records a pending intent the investor sees in their list', async () => {
    const response = await submit(investor, { ...intent, contact_info: 'ada@example.com' })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      campaign: campaign.id,
      campaign_name: campaign.project_name,
      investor_wallet: investor.address,
      proposed_amount: '12.5',
      equity_percentage: '7.5',
      contact_info: 'ada@example.com',
      status: 'pending',
      chat_session_id: null,
    })
    expect((await get('/api/airdrop/investment/my/')).statusCode).toBe(401)
    const mine = (await get('/api/airdrop/investment/my/', investor.bearer)).json<Page<InvestmentIntent>>()
    expect(mine.count).toBe(1)
    expect(
      (await get('/api/airdrop/investment/my/', owner.bearer)).json<Page<InvestmentIntent>>().count,
    ).toBe(0)
  })
})

describe('admin review of intents', () => {
  let first: InvestmentIntent
  let second: InvestmentIntent
  beforeAll(async () => {
    first = (await get('/api/airdrop/investment/my/', investor.bearer)).json<Page<InvestmentIntent>>()
      .results[0]!
    second = (await submit(investor, { proposed_amount: 1, message: 'A smaller ticket' })).json()
  })

  it('is for admins only', async () => {
    expect((await get('/api/airdrop/admin/investment-intents/')).statusCode).toBe(401)
    expect((await get('/api/airdrop/admin/investment-intents/', owner.bearer)).statusCode).toBe(403)
    for (const action of ['approve', 'reject']) {
      expect((await post(`/api/airdrop/investment/${first.id}/${action}/`, {})).statusCode).toBe(401)
      expect((await post(`/api/airdrop/investment/${first.id}/${action}/`, investor.bearer)).statusCode).toBe(
        403,
      )
    }
    const all = (await get('/api/airdrop/admin/investment-intents/', admin.bearer)).json<
      Page<InvestmentIntent>
    >()
    expect(all.count).toBe(2)
  })

  it("approving opens the chat: status 'merged', the campaign shows an investor", async () => {
    const response = await post(`/api/airdrop/investment/${first.id}/approve/`, admin.bearer)
    expect(response.statusCode).toBe(200)
    const { chat_session_id } = response.json<{ chat_session_id: string }>()
    expect(chat_session_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    const mine = (await get('/api/airdrop/investment/my/', investor.bearer)).json<Page<InvestmentIntent>>()
    expect(mine.results.find((i) => i.id === first.id)).toMatchObject({ status: 'merged', chat_session_id })
    expect((await get(`/api/airdrop/campaigns/${campaign.id}/`)).json()).toMatchObject({
      has_investor_involved: true,
    })
    const my = (await get('/api/airdrop/campaigns/my/', owner.bearer)).json<Page<MyCampaign>>()
    expect(my.results.find((c) => c.id === campaign.id)?.investment_intents).toEqual(
      expect.arrayContaining([{ id: first.id, status: 'merged', chat_session_id }]),
    )
    expect((await post(`/api/airdrop/investment/${first.id}/approve/`, admin.bearer)).statusCode).toBe(409)
    expect((await post(`/api/airdrop/investment/${first.id}/reject/`, admin.bearer)).statusCode).toBe(409)
  })

  it('rejects a pending intent once, without a chat', async () => {
    const response = await post(`/api/airdrop/investment/${second.id}/reject/`, admin.bearer)
    expect(response.statusCode).toBe(200)
    const mine = (await get('/api/airdrop/investment/my/', investor.bearer)).json<Page<InvestmentIntent>>()
    expect(mine.results.find((i) => i.id === second.id)).toMatchObject({
      status: 'rejected',
      chat_session_id: null,
    })
    expect((await post(`/api/airdrop/investment/${second.id}/approve/`, admin.bearer)).statusCode).toBe(409)
    expect((await post('/api/airdrop/investment/999999/approve/', admin.bearer)).statusCode).toBe(404)
  })
})
