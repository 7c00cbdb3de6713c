// Investment intents: an investor with approved KYC expresses interest in a listed campaign that is not
// theirs; an admin approves (opens the chat, status 'merged') or rejects, only while pending.
import { randomUUID } from 'node:crypto'
import type { CampaignIntentSummary } from '../../../api-contract/airdrops'
import type { InvestmentIntent, SubmitIntentRequest } from '../../../api-contract/investments'
import type { Db } from '../../db/client'
import { decidePending } from '../../db/decide-pending'
import type { Clock } from '../../lib/clock'
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors'
import { parseSol } from '../../lib/money'
import type { PageRequest } from '../../lib/pagination'
import type { AuthUser } from '../../plugins/auth'
import { findVisibleCampaign, markInvestorInvolved } from '../airdrops/airdrops.service'
import { openChatSession } from '../chat/chat.service'
import { requireApprovedKyc } from '../kyc/kyc.service'
import { findIntentView, insertIntent, intentPage, intentsByCampaign } from './investments.repository'
import { presentIntent } from './investments.present'
import { investmentIntents } from './investments.table'

export const KYC_NEEDED_TO_INVEST = 'KYC verification is required before investing'
const INTENT_NOT_FOUND = 'Investment intent not found.'
const EQUITY = /^(100(\.0{1,2})?|[0-9]{1,2}(\.[0-9]{1,2})?)$/

/** For GET airdrop/campaigns/my/: each campaign's intents, newest first. */
export async function intentsOfCampaigns(db: Db, campaignIds: number[]) {
  const out = new Map<number, CampaignIntentSummary[]>()
  for (const row of await intentsByCampaign(db, campaignIds)) {
    const list = out.get(row.campaignId) ?? []
    list.push({ id: row.id, status: row.status, chat_session_id: row.chatSessionId })
    out.set(row.campaignId, list)
  }
  return out
}

function equityOf(input: SubmitIntentRequest['equity_percentage']): string | null {
  if (input === undefined || input === null || (typeof input === 'string' && input.trim() === '')) return null
  const text = typeof input === 'number' ? String(input) : input.trim()
  if (!EQUITY.test(text))
    throw badRequest(
      'validation_error',
      'equity_percentage must be a number from 0 to 100 (2 decimals at most).',
    )
  return text
}

export function investmentsService({ db, clock }: { db: Db; clock: Clock }) {
  const pendingIntent = async (id: number) => {
    const found = await findIntentView(db, id)
    if (!found) throw notFound(INTENT_NOT_FOUND)
    if (found.intent.status !== 'pending')
      throw conflict('intent_not_pending', 'Only pending investment intents can be reviewed.')
    return found
  }

  return {
    async submit(user: AuthUser, campaignId: number, body: SubmitIntentRequest): Promise<InvestmentIntent> {
      const campaign = await findVisibleCampaign(db, campaignId, user)
      if (campaign.ownerId === user.id) throw forbidden('You cannot invest in your own campaign.')
      await requireApprovedKyc(db, user.id, KYC_NEEDED_TO_INVEST)
      if (!campaign.isListed) throw notFound('Campaign not found or unavailable')
      const proposed = parseSol(body.proposed_amount, 'proposed_amount')
      if (proposed <= 0n) throw badRequest('invalid_amount', 'proposed_amount must be greater than 0.')
      const message = body.message.trim()
      if (!message) throw badRequest('validation_error', 'message is required.')
      const contact = body.contact_info?.trim() || null
      const row = await insertIntent(db, {
        campaignId,
        investorId: user.id,
        proposedAmount: proposed,
        equityPercentage: equityOf(body.equity_percentage),
        message,
        contactInfo: contact,
        createdAt: clock(),
      })
      return presentIntent({
        intent: row,
        campaignName: campaign.projectName,
        investorWallet: user.walletAddress,
        chatSessionId: null,
      })
    },

    async page(investorId: number | null, at: PageRequest) {
      const { rows, total } = await intentPage(db, investorId, at)
      return { total, results: rows.map(presentIntent) }
    },

    async approve(admin: AuthUser, id: number) {
      const { intent } = await pendingIntent(id)
      const campaign = await findVisibleCampaign(db, intent.campaignId, admin)
      const sessionId = randomUUID()
      await db.transaction(async (tx) => {
        const decided = await decidePending(tx, investmentIntents, id, {
          status: 'merged',
          reviewedBy: admin.id,
          reviewedAt: clock(),
        })
        if (!decided) throw conflict('intent_not_pending', 'Only pending investment intents can be reviewed.')
        await openChatSession(tx, {
          id: sessionId,
          intentId: id,
          campaignId: intent.campaignId,
          investorId: intent.investorId,
          ownerId: campaign.ownerId,
          createdAt: clock(),
        })
        await markInvestorInvolved(tx, intent.campaignId)
      })
      return { message: 'Investment intent approved. Chat opened.', chat_session_id: sessionId }
    },

    async reject(admin: AuthUser, id: number) {
      await pendingIntent(id)
      const decided = await decidePending(db, investmentIntents, id, {
        status: 'rejected',
        reviewedBy: admin.id,
        reviewedAt: clock(),
      })
      if (!decided) throw conflict('intent_not_pending', 'Only pending investment intents can be reviewed.')
      return { message: 'Investment intent rejected.' }
    },
  }
}
