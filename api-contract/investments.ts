// Investment intents. Approval opens a chat between the investor and the campaign
// owner and sets the status to 'merged' (shown as 'Chat Opened').
import { Type, type Static } from 'typebox'
import { Id, SolAmount, SolInput } from './common'

export const IntentStatus = Type.Enum(['pending', 'approved', 'rejected', 'merged'])
export type IntentStatus = Static<typeof IntentStatus>

export const InvestmentIntent = Type.Object({
  id: Type.Integer(),
  campaign: Type.Integer(),
  campaign_name: Type.String(),
  investor_wallet: Type.String(),
  proposed_amount: SolAmount,
  equity_percentage: Type.Union([Type.String({ description: 'percent, decimal, 0–100' }), Type.Null()]),
  message: Type.String(),
  contact_info: Type.Union([Type.String(), Type.Null()]),
  status: IntentStatus,
  created_at: Type.String({ format: 'date-time' }),
  chat_session_id: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
})
export type InvestmentIntent = Static<typeof InvestmentIntent>

export const SubmitIntentRequest = Type.Object({
  proposed_amount: SolInput,
  equity_percentage: Type.Optional(
    Type.Union([Type.String({ maxLength: 16 }), Type.Number(), Type.Null()], { description: '0–100' }),
  ),
  message: Type.String({ maxLength: 4000 }),
  contact_info: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
})
export type SubmitIntentRequest = Static<typeof SubmitIntentRequest>

export const CampaignIdParam = Type.Object({ campaign_id: Id })
export type CampaignIdParam = Static<typeof CampaignIdParam>

export const IntentIdParams = Type.Object({ id: Id })
export type IntentIdParams = Static<typeof IntentIdParams>

export const ApproveIntentResponse = Type.Object({
  message: Type.String(),
  chat_session_id: Type.String({ format: 'uuid' }),
})
export type ApproveIntentResponse = Static<typeof ApproveIntentResponse>

export const IntentMessage = Type.Object({ message: Type.String() })
