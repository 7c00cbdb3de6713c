// Investment intents as the API shows them (api-contract/investments.ts).
import type { InvestmentIntent } from '../../../api-contract/investments'
import { formatSol } from '../../lib/money'
import type { IntentView } from './investments.repository'

export function presentIntent(v: IntentView): InvestmentIntent {
  return {
    id: v.intent.id,
    campaign: v.intent.campaignId,
    campaign_name: v.campaignName,
    investor_wallet: v.investorWallet,
    proposed_amount: formatSol(v.intent.proposedAmount),
    equity_percentage: v.intent.equityPercentage === null ? null : String(Number(v.intent.equityPercentage)),
    message: v.intent.message,
    contact_info: v.intent.contactInfo,
    status: v.intent.status,
    created_at: v.intent.createdAt.toISOString(),
    chat_session_id: v.chatSessionId,
  }
}
