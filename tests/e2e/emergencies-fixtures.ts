// Data for the emergency and donation specs, made through the real API with the token the app stored after
// signing in through the UI (so every record belongs to a wallet that really signed).
import bs58 from 'bs58'
import sharp from 'sharp'
import nacl from 'tweetnacl'
import type { Page } from 'playwright-core'
import { storedAuth } from './harness/auth'
import { pickWallet, registerWithEmail, atPath } from './harness/ui'

export interface CreatedEmergency {
  id: number
  title: string
  receiving_wallet: string
  proof_images: { image: string }[]
}

export const randomAddress = () => bs58.encode(nacl.sign.keyPair().publicKey)

/** A small real PNG (the server re-encodes every upload with sharp). */
export function png(color: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 96, height: 64, channels: 3, background: color } })
    .png()
    .toBuffer()
}

/** Registers the injected wallet through /register and lands on /dashboard. */
export async function registerThroughUi(page: Page, wallet: RegExp, email: string): Promise<void> {
  await page.goto('/register')
  await pickWallet(page, wallet)
  await page.getByLabel('Email').waitFor()
  await registerWithEmail(page, email)
  await atPath(page, '/dashboard')
}

export interface EmergencyFields {
  title: string
  description?: string
  sol_goal?: string
  receiving_wallet?: string
}

/** POST /api/emergency/create/ (multipart) with the page's stored token. */
export async function createEmergencyApi(
  baseUrl: string,
  page: Page,
  fields: EmergencyFields,
): Promise<CreatedEmergency> {
  const { accessToken } = await storedAuth(page)
  if (!accessToken) throw new Error('no accessToken in localStorage')
  return createEmergencyAs(baseUrl, accessToken, fields)
}

/** POST /api/emergency/create/ (multipart) as the holder of `accessToken`, with two real PNG proofs. */
export async function createEmergencyAs(
  baseUrl: string,
  accessToken: string,
  fields: EmergencyFields,
): Promise<CreatedEmergency> {
  const form = new FormData()
  form.set('title', fields.title)
  form.set('description', fields.description ?? `Proof and details for ${fields.title}.`)
  form.set('sol_goal', fields.sol_goal ?? '2')
  form.set('deadline', new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10))
  form.set('receiving_wallet', fields.receiving_wallet ?? randomAddress())
  for (const color of [
    { r: 11, g: 107, b: 106 },
    { r: 200, g: 120, b: 40 },
  ])
    form.append(
      'proof_images',
      new Blob([new Uint8Array(await png(color))], { type: 'image/png' }),
      'proof.png',
    )
  const response = await fetch(`${baseUrl}/api/emergency/create/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}` },
    body: form,
  })
  if (response.status !== 201) throw new Error(`create answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as CreatedEmergency
}

export async function getJson<T>(baseUrl: string, path: string, token?: string | null): Promise<T> {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as T
}
