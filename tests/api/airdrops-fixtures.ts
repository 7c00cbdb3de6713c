// Shared by the KYC, airdrop, investment and chat API tests: a KYC form, an approved user, a campaign.
import { Keypair } from '@solana/web3.js'
import type { FastifyInstance } from 'fastify'
import type { Campaign } from '../../api-contract/airdrops'
import type { KycSubmission } from '../../api-contract/kyc'
import { type LedgerTestApp, pay, type PayingUser } from '../helpers/ledger'
import { type FilePart, multipart, png } from './emergencies-fixtures'

type Headers = Record<string, string>

export async function kycForm(over: Record<string, string> = {}, image?: Buffer) {
  return multipart(
    { full_name: 'Ada Lovelace', country: 'UK', full_address: '12 St James Square, London', ...over },
    [{ name: 'id_image', filename: 'passport.png', contentType: 'image/png', body: image ?? (await png()) }],
  )
}

export async function submitKyc(app: FastifyInstance, bearer: Headers, over: Record<string, string> = {}) {
  const form = await kycForm(over)
  const response = await app.inject({
    method: 'POST',
    url: '/api/airdrop/kyc/submit/',
    headers: { ...bearer, ...form.headers },
    payload: form.payload,
  })
  if (response.statusCode !== 201) throw new Error(`KYC submit: ${response.statusCode} ${response.body}`)
  return response.json<KycSubmission>()
}

/** Submits KYC for `user` and has `admin` approve it. */
export async function approvedKyc(
  app: FastifyInstance,
  user: Headers,
  admin: Headers,
  fullName = 'Ada Lovelace',
) {
  const kyc = await submitKyc(app, user, { full_name: fullName })
  const review = await app.inject({
    method: 'POST',
    url: `/api/airdrop/kyc/review/${kyc.id}/`,
    headers: admin,
    payload: { action: 'approve' },
  })
  if (review.statusCode !== 200) throw new Error(`KYC review: ${review.statusCode} ${review.body}`)
  return kyc
}

export function campaignFields(over: Record<string, string> = {}): Record<string, string> {
  return {
    project_name: 'Solar Seeds',
    description: 'Open-source irrigation controllers for small farms.',
    website: 'https://solarseeds.example',
    twitter_handle: '@solarseeds',
    github_url: 'https://github.com/solarseeds/controller',
    sol_goal: '25',
    receiving_wallet: Keypair.generate().publicKey.toBase58(),
    ...over,
  }
}

export async function createCampaign(
  app: FastifyInstance,
  bearer: Headers,
  over: Record<string, string> = {},
  files: FilePart[] = [],
) {
  const form = multipart(campaignFields(over), files)
  const response = await app.inject({
    method: 'POST',
    url: '/api/airdrop/campaigns/create/',
    headers: { ...bearer, ...form.headers },
    payload: form.payload,
  })
  if (response.statusCode !== 201) throw new Error(`create campaign: ${response.statusCode} ${response.body}`)
  return response.json<Campaign>()
}

/** A campaign listed the real way: the owner pays 0.5 SOL to the platform wallet and submits the signature. */
export async function listedCampaign(t: LedgerTestApp, owner: PayingUser, over: Record<string, string> = {}) {
  const campaign = await createCampaign(t.app, owner.bearer, over)
  const sig = await pay(t, owner.keypair, [{ to: t.config.platformWallet, lamports: 500_000_000n }])
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/airdrop/campaigns/${campaign.id}/submit-payment/`,
    headers: owner.bearer,
    payload: { tx_hash: sig },
  })
  if (response.statusCode !== 200) throw new Error(`listing fee: ${response.statusCode} ${response.body}`)
  return { ...campaign, is_listed: true }
}

/** The chat an approved investment intent opens: `investor` submits one for `campaignId`, `admin` approves it. */
export async function approvedChat(
  app: FastifyInstance,
  campaignId: number,
  investor: Headers,
  admin: Headers,
) {
  const intent = await app.inject({
    method: 'POST',
    url: `/api/airdrop/investment/${campaignId}/submit/`,
    headers: investor,
    payload: { proposed_amount: '3', message: 'Interested' },
  })
  if (intent.statusCode !== 201) throw new Error(`intent: ${intent.statusCode} ${intent.body}`)
  const approved = await app.inject({
    method: 'POST',
    url: `/api/airdrop/investment/${intent.json<{ id: number }>().id}/approve/`,
    headers: admin,
  })
  if (approved.statusCode !== 200) throw new Error(`approve: ${approved.statusCode} ${approved.body}`)
  return approved.json<{ chat_session_id: string }>().chat_session_id
}
