// Seeds a realistic world through the real API and the real ledger, for specs whose subject is the screens: a
// donation (a signed System transfer sent to /rpc, then recorded by the server after it verified it on-chain)
// and an investor's chat (KYC approved by an admin, a listed campaign whose fee was really paid, an approved
// interest).
import { Connection, Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { type ApiUser } from './api-user'
import { airdrop, waitForConfirmation } from './faucet'

const LAMPORTS_PER_SOL = 1_000_000_000

async function call<T>(
  baseUrl: string,
  user: ApiUser,
  path: string,
  body?: FormData | Record<string, unknown>,
): Promise<T> {
  const form = body instanceof FormData
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      authorization: `Bearer ${user.access}`,
      ...(body && !form ? { 'content-type': 'application/json' } : {}),
    },
    body: form ? body : body ? JSON.stringify(body) : undefined,
  })
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as T
}

/** Sends SOL from `from` in one signed transaction and waits until it is confirmed; returns its signature. */
export async function transfer(rpcUrl: string, from: ApiUser, legs: { to: string; sol: number }[]) {
  const connection = new Connection(rpcUrl, 'confirmed')
  const payer = Keypair.fromSecretKey(from.keys.secretKey)
  const { blockhash } = await connection.getLatestBlockhash()
  const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash })
  for (const leg of legs)
    tx.add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: new PublicKey(leg.to),
        lamports: Math.round(leg.sol * LAMPORTS_PER_SOL),
      }),
    )
  tx.sign(payer)
  return waitForConfirmation(rpcUrl, await connection.sendRawTransaction(tx.serialize()))
}

/** A donation paid on the ledger and recorded by the server (POST emergency/donate/). */
export async function donate(
  baseUrl: string,
  donor: ApiUser,
  emergency: { id: number; receiving_wallet: string },
  sol: number,
  comment: string | null = null,
): Promise<string> {
  const rpcUrl = `${baseUrl}/rpc`
  await airdrop(rpcUrl, donor.address, sol + 0.1)
  const tx_hash = await transfer(rpcUrl, donor, [{ to: emergency.receiving_wallet, sol }])
  await call(baseUrl, donor, 'emergency/donate/', {
    emergency_id: emergency.id,
    amount: String(sol),
    tx_hash,
    tip_amount: '0',
    comment,
  })
  return tx_hash
}

/** Features an emergency: its owner pays the boost fee to the platform wallet, then POST emergency/boost/. */
export async function boost(baseUrl: string, owner: ApiUser, emergencyId: number): Promise<void> {
  const rpcUrl = `${baseUrl}/rpc`
  const config = await (await fetch(`${baseUrl}/api/config/`)).json()
  await airdrop(rpcUrl, owner.address, Number(config.boost_fee) + 0.1)
  const tx_hash = await transfer(rpcUrl, owner, [
    { to: config.platform_wallet, sol: Number(config.boost_fee) },
  ])
  await call(baseUrl, owner, 'emergency/boost/', { emergency_id: emergencyId, tx_hash })
}

async function approvedKyc(baseUrl: string, user: ApiUser, admin: ApiUser, name: string, image: Buffer) {
  const form = new FormData()
  form.set('full_name', name)
  form.set('country', 'Portugal')
  form.set('full_address', 'Rua Augusta 1, Lisboa')
  form.set('id_image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'id.png')
  const submission = await call<{ id: number }>(baseUrl, user, 'airdrop/kyc/submit/', form)
  await call(baseUrl, admin, `airdrop/kyc/review/${submission.id}/`, { action: 'approve', reason: '' })
}

/**
 * An owner's listed campaign (KYC approved, 0.5 SOL fee paid on the ledger) and an investor's interest in it,
 * approved by the admin: returns the chat session both can open.
 */
export async function investorChat(
  baseUrl: string,
  people: { owner: ApiUser; investor: ApiUser; admin: ApiUser },
  image: Buffer,
): Promise<{ campaignId: number; chatSession: string }> {
  const { owner, investor, admin } = people
  const rpcUrl = `${baseUrl}/rpc`
  await approvedKyc(baseUrl, owner, admin, 'Olivia Owner', image)
  await approvedKyc(baseUrl, investor, admin, 'Ivan Investor', image)
  const form = new FormData()
  form.set('project_name', 'Solar Seeds')
  form.set('description', 'Solar kits for rural clinics.')
  form.set('sol_goal', '50')
  form.set('receiving_wallet', owner.address)
  const campaign = await call<{ id: number }>(baseUrl, owner, 'airdrop/campaigns/create/', form)
  const config = await (await fetch(`${baseUrl}/api/config/`)).json()
  await airdrop(rpcUrl, owner.address, 1)
  const fee = await transfer(rpcUrl, owner, [{ to: config.platform_wallet, sol: Number(config.listing_fee) }])
  await call(baseUrl, owner, `airdrop/campaigns/${campaign.id}/submit-payment/`, { tx_hash: fee })
  const intent = await call<{ id: number }>(baseUrl, investor, `airdrop/investment/${campaign.id}/submit/`, {
    proposed_amount: '5',
    message: 'We would like to back the pilot.',
  })
  const approved = await call<{ chat_session_id: string }>(
    baseUrl,
    admin,
    `airdrop/investment/${intent.id}/approve/`,
    {},
  )
  return { campaignId: campaign.id, chatSession: approved.chat_session_id }
}
