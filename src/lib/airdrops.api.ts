// Airdrop calls: campaigns, KYC, investment intents, chat (server/modules/airdrops/README.md).
import type { Campaign, CampaignPayment, MyCampaign, PaymentMessage } from '../../api-contract/airdrops'
import type { ChatAbout, ChatDocument, ChatMessage, ChatUnread } from '../../api-contract/chat'
import type { InvestmentIntent, ApproveIntentResponse } from '../../api-contract/investments'
import type { AdminKycSubmission, KycMe, KycSubmission } from '../../api-contract/kyc'
import { type ApiClient, pageOf } from './api-client'

export type {
  AdminKycSubmission,
  Campaign,
  CampaignPayment,
  ChatDocument,
  ChatMessage,
  InvestmentIntent,
  KycMe,
  KycSubmission,
  MyCampaign,
}

type Message = { message: string }

// Campaigns
export const listCampaigns = pageOf<Campaign>('airdrop/campaigns/')

export const fetchCampaign = (client: ApiClient, id: string | number, signal?: AbortSignal) =>
  client.get<Campaign>(`airdrop/campaigns/${id}/`, { signal })

export const listMyCampaigns = pageOf<MyCampaign>('airdrop/campaigns/my/')

export const createCampaign = (authApi: ApiClient, form: FormData) =>
  authApi.post<Campaign>('airdrop/campaigns/create/', form)

export const submitListingPayment = (authApi: ApiClient, campaignId: string | number, txHash: string) =>
  authApi.post<PaymentMessage>(`airdrop/campaigns/${campaignId}/submit-payment/`, { tx_hash: txHash })

// KYC
export const fetchMyKyc = (authApi: ApiClient, signal?: AbortSignal) =>
  authApi.get<KycMe>('airdrop/kyc/me/', { signal })

export const submitKyc = (authApi: ApiClient, form: FormData) =>
  authApi.post<KycSubmission>('airdrop/kyc/submit/', form)

// Investment intents
export const submitIntent = (
  authApi: ApiClient,
  campaignId: string | number,
  body: { proposed_amount: string; equity_percentage?: string; message: string; contact_info?: string },
) => authApi.post<InvestmentIntent>(`airdrop/investment/${campaignId}/submit/`, body)

export const listMyIntents = pageOf<InvestmentIntent>('airdrop/investment/my/')

// Chat
export const fetchChatAbout = (authApi: ApiClient, session: string, signal?: AbortSignal) =>
  authApi.get<ChatAbout>(`airdrop/chat/${session}/`, { signal })

export const fetchMessages = (authApi: ApiClient, session: string, after?: number, signal?: AbortSignal) =>
  authApi.get<ChatMessage[]>(`airdrop/chat/${session}/messages/`, { query: { after }, signal })

export const sendMessage = (authApi: ApiClient, session: string, message: string) =>
  authApi.post<ChatMessage>(`airdrop/chat/${session}/send/`, { message })

export const listDocuments = (authApi: ApiClient, session: string, signal?: AbortSignal) =>
  authApi.get<ChatDocument[]>(`airdrop/chat/${session}/upload-doc/`, { signal })

export const uploadDocument = (authApi: ApiClient, session: string, file: File) => {
  const form = new FormData()
  form.append('file', file)
  return authApi.post<ChatDocument>(`airdrop/chat/${session}/upload-doc/`, form)
}

// Admin
export const listKycSubmissions = pageOf<AdminKycSubmission>('airdrop/admin/kyc-submissions/')

export const reviewKyc = (authApi: ApiClient, id: number, action: 'approve' | 'reject', reason?: string) =>
  authApi.post<Message>(`airdrop/kyc/review/${id}/`, { action, reason: reason ?? null })

export const listCampaignPayments = pageOf<CampaignPayment>('airdrop/admin/campaign-payments/')

export const decidePayment = (
  authApi: ApiClient,
  campaignId: number,
  paymentId: number,
  decision: 'approve' | 'reject',
) =>
  authApi.post<PaymentMessage>(`airdrop/campaigns/${campaignId}/${decision}-payment/`, {
    payment_id: paymentId,
  })

export const listAllIntents = pageOf<InvestmentIntent>('airdrop/admin/investment-intents/')

export const approveIntent = (authApi: ApiClient, id: number) =>
  authApi.post<ApproveIntentResponse>(`airdrop/investment/${id}/approve/`)

export const rejectIntent = (authApi: ApiClient, id: number) =>
  authApi.post<Message>(`airdrop/investment/${id}/reject/`)

/**
 * A private file (KYC ID image, chat document) through its authenticated endpoint: bearer token → blob. Never a
 * public URL. On a 401 the authenticated client renews the session once (through `renew`) and we retry.
 */
export async function fetchPrivateFile(
  url: string,
  getToken: () => string | null,
  renew: () => Promise<unknown>,
): Promise<Blob> {
  const get = () => {
    const token = getToken()
    return fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, cache: 'no-store' })
  }
  let response = await get()
  if (response.status === 401) {
    await renew().catch(() => undefined)
    response = await get()
  }
  if (!response.ok) throw new Error(`download failed (${response.status})`)
  return response.blob()
}

/** The signed-in user's unread chat messages, per chat. */
export const fetchChatUnread = (authApi: ApiClient, signal?: AbortSignal) =>
  authApi.get<ChatUnread>('airdrop/chat/unread/', { signal })

/** Marks a chat read up to a message; answers what is still unread. */
export const markChatRead = (authApi: ApiClient, session: string, lastMessageId: number) =>
  authApi.post<ChatUnread>(`airdrop/chat/${session}/read/`, { last_message_id: lastMessageId })
