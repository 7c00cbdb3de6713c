// A campaign waiting for its listing fee, made through the real API: the owner's KYC (with a real PNG ID image),
// an admin's approval, the campaign itself. For specs whose subject is the payment, not the KYC screens.
import { png } from './emergencies-fixtures'

async function ok<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as T
}

export async function campaignAwaitingFee(
  baseUrl: string,
  ownerToken: string,
  adminToken: string,
  projectName: string,
): Promise<{ id: number }> {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
  const kyc = new FormData()
  kyc.set('full_name', 'Ana Pereira')
  kyc.set('country', 'Portugal')
  kyc.set('full_address', 'Rua Augusta 1, Lisboa')
  kyc.set('id_type', 'passport')
  kyc.set(
    'id_image',
    new Blob([new Uint8Array(await png({ r: 30, g: 90, b: 160 }))], { type: 'image/png' }),
    'id.png',
  )
  const submitted = await ok<{ id: number }>(
    await fetch(`${baseUrl}/api/airdrop/kyc/submit/`, {
      method: 'POST',
      headers: bearer(ownerToken),
      body: kyc,
    }),
    'KYC submit',
  )
  await ok(
    await fetch(`${baseUrl}/api/airdrop/kyc/review/${submitted.id}/`, {
      method: 'POST',
      headers: { ...bearer(adminToken), 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'approve' }),
    }),
    'KYC review',
  )
  const campaign = new FormData()
  campaign.set('project_name', projectName)
  campaign.set('description', `${projectName}: water for three villages.`)
  campaign.set('sol_goal', '5')
  campaign.set('receiving_wallet', 'So11111111111111111111111111111111111111112')
  return ok<{ id: number }>(
    await fetch(`${baseUrl}/api/airdrop/campaigns/create/`, {
      method: 'POST',
      headers: bearer(ownerToken),
      body: campaign,
    }),
    'campaign create',
  )
}
