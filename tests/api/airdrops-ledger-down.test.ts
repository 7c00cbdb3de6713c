// When the ledger cannot be reached, a listing fee is kept as a pending claim (not a payment) for an admin, who
// can approve it (the campaign is listed) or reject it (and re-approve it later).
import { LAMPORTS_PER_SOL } from '@solana/web3.js'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Campaign, CampaignPayment, MyCampaign } from '../../api-contract/airdrops'
import type { Page } from '../../api-contract/common'
import { createRpcClient } from '../../server/chain'
import { ledgerAppWithAdmin, type LedgerTestApp, pay, type PayingUser } from '../helpers/ledger'
import { approvedKyc, createCampaign } from './airdrops-fixtures'

const FEE = BigInt(LAMPORTS_PER_SOL) / 2n
let t: LedgerTestApp
let owner: PayingUser
let admin: PayingUser
// The server's RPC points at a closed port; the last test points it back at the ledger.
const chain = { rpc: createRpcClient('http://127.0.0.1:1'), genesisHash: 'unreachable' }
beforeAll(async () => {
  // The ledger runs (the owner really pays), but the server's RPC points at a closed port.
  ;({
    t,
    admin,
    users: [owner],
  } = await ledgerAppWithAdmin([3], { deps: { chain } }))
  await approvedKyc(t.app, owner.bearer, admin.bearer)
})
afterAll(async () => {
  await t.close()
})

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers })
const post = (url: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload })
const claims = async () =>
  (await get('/api/airdrop/admin/campaign-payments/', admin.bearer)).json<Page<CampaignPayment>>().results
const myCampaign = async (id: number) =>
  (await get('/api/airdrop/campaigns/my/', owner.bearer))
    .json<Page<MyCampaign>>()
    .results.find((c) => c.id === id)

it('keeps the fee pending for an admin, who approves it and lists the campaign', async () => {
  const campaign: Campaign = await createCampaign(t.app, owner.bearer)
  const sig = await pay(t, owner.keypair, [{ to: t.config.platformWallet, lamports: FEE }])
  const submitted = await post(`/api/airdrop/campaigns/${campaign.id}/submit-payment/`, owner.bearer, {
    tx_hash: sig,
  })
  expect(submitted.statusCode).toBe(202)
  expect(submitted.json()).toEqual({ message: 'Payment received; it will be verified by an admin.' })
  expect((await myCampaign(campaign.id))?.payment).toEqual({
    tx_hash: sig,
    amount: '0.5',
    confirmed: false,
    rejected: false,
    unverified: false,
  })
  const claim = (await claims()).find((c) => c.tx_hash === sig)!
  expect(claim).toMatchObject({ campaign: campaign.id, confirmed: false, rejected: false })

  const rejected = await post(`/api/airdrop/campaigns/${campaign.id}/reject-payment/`, admin.bearer, {
    payment_id: claim.id,
  })
  expect(rejected.statusCode).toBe(200)
  expect((await myCampaign(campaign.id))?.payment).toMatchObject({ confirmed: false, rejected: true })

  const approved = await post(`/api/airdrop/campaigns/${campaign.id}/approve-payment/`, admin.bearer, {
    payment_id: claim.id,
  })
  expect(approved.statusCode).toBe(200)
  // The admin's word lists the campaign, and the answer says it is not verified.
  expect(approved.json()).toMatchObject({ verified: false })
  expect(approved.json().message).toContain('WITHOUT on-chain verification')
  expect((await myCampaign(campaign.id))?.is_listed).toBe(true)
  expect((await claims()).find((c) => c.id === claim.id)).toMatchObject({
    confirmed: true,
    rejected: false,
    unverified: true,
  })

  // Approving it again verifies it now: the ledger is still unreachable (503); the owner's resubmission is
  // already verified.
  const again = await post(`/api/airdrop/campaigns/${campaign.id}/approve-payment/`, admin.bearer, {
    payment_id: claim.id,
  })
  expect(again.statusCode).toBe(503)
  const resubmit = await post(`/api/airdrop/campaigns/${campaign.id}/submit-payment/`, owner.bearer, {
    tx_hash: sig,
  })
  expect(resubmit.json()).toMatchObject({ error: 'Payment already verified.' })
})

it('refuses to approve a pending claim whose signature was meanwhile used for something else', async () => {
  const campaign = await createCampaign(t.app, owner.bearer, { project_name: 'Double' })
  const other = await createCampaign(t.app, owner.bearer, { project_name: 'Other' })
  const sig = await pay(t, owner.keypair, [{ to: t.config.platformWallet, lamports: FEE }])
  for (const c of [campaign, other])
    await post(`/api/airdrop/campaigns/${c.id}/submit-payment/`, owner.bearer, { tx_hash: sig })
  const [first, second] = (await claims()).filter((c) => c.tx_hash === sig).sort((a, b) => a.id - b.id)
  expect(
    (
      await post(`/api/airdrop/campaigns/${first!.campaign}/approve-payment/`, admin.bearer, {
        payment_id: first!.id,
      })
    ).statusCode,
  ).toBe(200)
  const replay = await post(`/api/airdrop/campaigns/${second!.campaign}/approve-payment/`, admin.bearer, {
    payment_id: second!.id,
  })
  expect(replay.statusCode).toBe(422)
  expect(replay.json().error).toContain('already been processed')
})

it('verifies a pending claim on-chain once the ledger is back: a refuted claim cannot be approved', async () => {
  const campaign = await createCampaign(t.app, owner.bearer, { project_name: 'Back online' })
  const short = await pay(t, owner.keypair, [{ to: t.config.platformWallet, lamports: FEE - 1n }])
  const good = await pay(t, owner.keypair, [{ to: t.config.platformWallet, lamports: FEE }])
  for (const sig of [short, good]) {
    const submitted = await post(`/api/airdrop/campaigns/${campaign.id}/submit-payment/`, owner.bearer, {
      tx_hash: sig,
    })
    expect(submitted.statusCode).toBe(202)
  }
  chain.rpc = createRpcClient(t.ledger.ledger.rpcUrl)
  const pending = await claims()
  const claimOf = (sig: string) => pending.find((c) => c.tx_hash === sig)!
  const refused = await post(`/api/airdrop/campaigns/${campaign.id}/approve-payment/`, admin.bearer, {
    payment_id: claimOf(short).id,
  })
  expect(refused.statusCode).toBe(422)
  expect(refused.json().error).toContain('wrong amount')
  const approved = await post(`/api/airdrop/campaigns/${campaign.id}/approve-payment/`, admin.bearer, {
    payment_id: claimOf(good).id,
  })
  expect(approved.statusCode).toBe(200)
  expect((await myCampaign(campaign.id))?.is_listed).toBe(true)
})
