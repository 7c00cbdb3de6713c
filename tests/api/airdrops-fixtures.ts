// Shared by the KYC, airdrop, investment and chat API tests: a KYC form, an approved user, a campaign.
import type { FastifyInstance } from 'fastify'
import type { KycSubmission } from '../../api-contract/kyc'
import { multipart, png } from './emergencies-fixtures'

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
