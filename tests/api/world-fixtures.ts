// A populated app for the suites generated from the route table (fuzzing, authorization matrix): every kind of
// object exists once, owned by `owner`, with a chat between `owner` and `participant`, and the route table
// collected while the app was built.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { RouteOptions } from 'fastify'
import type { Campaign, CampaignPayment } from '../../api-contract/airdrops'
import type { ChatDocument } from '../../api-contract/chat'
import type { Page } from '../../api-contract/common'
import type { Emergency } from '../../api-contract/emergencies'
import type { KycSubmission } from '../../api-contract/kyc'
import { createRpcClient } from '../../server/chain'
import { diskStore } from '../../server/storage'
import type { TestAppOptions } from '../helpers/app'
import { ledgerAppWithAdmin, type LedgerTestApp, pay, type PayingUser } from '../helpers/ledger'
import { approvedKyc, createCampaign, listedCampaign, submitKyc } from './airdrops-fixtures'
import { createEmergency, multipart } from './emergencies-fixtures'

export type Principal = 'anonymous' | 'other' | 'owner' | 'participant' | 'admin'
export const PRINCIPALS: readonly Principal[] = ['anonymous', 'other', 'owner', 'participant', 'admin']

export interface World {
  t: LedgerTestApp
  /** every route the app registered, in registration order (HEAD routes Fastify adds for GET included) */
  routes: RouteOptions[]
  users: Record<Exclude<Principal, 'anonymous'>, PayingUser>
  headers(who: Principal): Record<string, string>
  emergency: Emergency
  /** listed, with a chat between owner and participant */
  campaign: Campaign
  /** created by owner, listing fee still pending */
  unlistedCampaign: Campaign
  /** the pending listing-fee claim of unlistedCampaign */
  claim: CampaignPayment
  /** a pending KYC submission of `other` */
  pendingKyc: KycSubmission
  /** the owner's approved KYC submission */
  ownerKyc: KycSubmission
  /** a pending investment intent of participant on campaign */
  pendingIntent: number
  session: string
  document: ChatDocument
  mediaName: string
  close(): Promise<void>
}

const FEE = 500_000_000n

export async function createWorld(options: TestAppOptions = {}): Promise<World> {
  const routes: RouteOptions[] = []
  const privateDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lifeline-world-private-'))
  // The app's chain, pointed at the test ledger once it runs (and away from it to queue a claim for an admin).
  const unreachable = createRpcClient('http://127.0.0.1:1')
  const chain = { rpc: unreachable, genesisHash: 'unknown' }
  const {
    t,
    admin,
    users: [owner, participant, other],
  } = await ledgerAppWithAdmin([5, 1, 1], {
    ...options,
    deps: {
      chain,
      onRoute: (route) => void routes.push(route),
      privateStorage: diskStore(privateDir),
      ...options.deps,
    },
  })
  const ledgerRpc = createRpcClient(t.ledger.ledger.rpcUrl)
  Object.assign(chain, { rpc: ledgerRpc, genesisHash: t.ledger.ledger.genesisHash })
  const headers = (who: Principal) =>
    who === 'anonymous' ? {} : { ...{ owner, participant, other, admin }[who].bearer }
  const post = async <T>(url: string, who: Principal, payload?: object) => {
    const response = await t.app.inject({ method: 'POST', url, headers: headers(who), payload })
    if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`)
    return response.json<T>()
  }

  const emergency = await createEmergency(t.app, owner.bearer)
  const ownerKyc = await approvedKyc(t.app, owner.bearer, admin.bearer, 'Grace Hopper')
  await approvedKyc(t.app, participant.bearer, admin.bearer, 'Ada Lovelace')
  const pendingKyc = await submitKyc(t.app, other.bearer)
  const campaign = await listedCampaign(t, owner)
  const unlistedCampaign = await createCampaign(t.app, owner.bearer, { project_name: 'Pending fee' })
  // A claim that waits for an admin: submitted while the server could not reach the ledger.
  const feeSig = await pay(t, owner.keypair, [{ to: t.config.platformWallet, lamports: FEE }])
  chain.rpc = unreachable
  await post(`/api/airdrop/campaigns/${unlistedCampaign.id}/submit-payment/`, 'owner', { tx_hash: feeSig })
  chain.rpc = ledgerRpc
  const approvedIntent = await post<{ id: number }>(
    `/api/airdrop/investment/${campaign.id}/submit/`,
    'participant',
    {
      proposed_amount: '3',
      message: 'Interested',
    },
  )
  const { chat_session_id: session } = await post<{ chat_session_id: string }>(
    `/api/airdrop/investment/${approvedIntent.id}/approve/`,
    'admin',
  )
  const pending = await post<{ id: number }>(
    `/api/airdrop/investment/${campaign.id}/submit/`,
    'participant',
    {
      proposed_amount: '1',
      message: 'More, maybe',
    },
  )
  const form = multipart({}, [
    {
      name: 'file',
      filename: 'terms.pdf',
      contentType: 'application/pdf',
      body: Buffer.from('%PDF-1.4\n%%EOF\n'),
    },
  ])
  const uploaded = await t.app.inject({
    method: 'POST',
    url: `/api/airdrop/chat/${session}/upload-doc/`,
    headers: { ...owner.bearer, ...form.headers },
    payload: form.payload,
  })
  const document = uploaded.json<ChatDocument>()
  const claims = await t.app.inject({
    method: 'GET',
    url: '/api/airdrop/admin/campaign-payments/',
    headers: admin.bearer,
  })
  const claim = claims.json<Page<CampaignPayment>>().results.find((c) => c.campaign === unlistedCampaign.id)
  const mediaName = emergency.proof_images[0]!.image.split('/').pop()!
  return {
    t,
    routes,
    users: { owner, participant, other, admin },
    headers,
    emergency,
    campaign,
    unlistedCampaign,
    claim: claim!,
    pendingKyc,
    ownerKyc,
    pendingIntent: pending.id,
    session,
    document,
    mediaName,
    close: async () => {
      await t.close()
      await fs.rm(privateDir, { recursive: true, force: true })
    },
  }
}
