// Reading and checking the create/update form (multipart): the text fields and the proof images.
import type { FastifyRequest } from 'fastify'
import { AppError, badRequest } from '../../lib/errors'
import { parseSol } from '../../lib/money'
import { readMultipart } from '../../lib/multipart'
import { isWalletAddress } from '../../lib/wallet-address'
import type { NewEmergency } from './emergencies.table'

export const MAX_PROOF_IMAGES = 10

/**
 * The receiving wallet may no longer change once donations were received: donors' transfers must keep matching
 * the page they donated on (an edit answers 409 `receiving_wallet_locked`; the detail says so beforehand).
 */
export const receivingWalletLocked = (row: { donationCount: number }) => row.donationCount > 0

export interface EmergencyForm {
  fields: Record<string, string>
  images: Buffer[]
}

/** Which files a form carries: the field they come in, and how many it may hold. */
export interface FormImages {
  field: string
  max: number
  tooMany: string
}

const PROOF_IMAGES: FormImages = {
  field: 'proof_images',
  max: MAX_PROOF_IMAGES,
  tooMany: `Too many images. At most ${MAX_PROOF_IMAGES} per emergency.`,
}

/**
 * Reads a multipart form into memory, checked as it arrives (at most `images.max` × 5 MB; proof images by
 * default); nothing is written anywhere yet.
 */
export async function readForm(
  request: FastifyRequest,
  images: FormImages = PROOF_IMAGES,
): Promise<EmergencyForm> {
  if (!request.isMultipart()) {
    // Without files a JSON body is fine too (edits that touch only text fields).
    const body = request.body
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const fields = Object.fromEntries(
        Object.entries(body as Record<string, unknown>).map(([k, v]) => [
          k,
          typeof v === 'string' ? v : JSON.stringify(v),
        ]),
      )
      return { fields, images: [] }
    }
    throw new AppError('unsupported_media_type', 'Send the form as multipart/form-data.', 415)
  }
  const { fields, files } = await readMultipart(request, {
    maxFiles: images.max,
    accept: 'images',
    tooManyFiles: images.tooMany,
  })
  return {
    fields,
    images: files
      .filter((file) => file.field === images.field || file.field === `${images.field}[]`)
      .map((file) => file.body),
  }
}

const VIDEO_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'www.youtube-nocookie.com',
  'vimeo.com',
  'www.vimeo.com',
  'player.vimeo.com',
])

export function isVideoUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') && VIDEO_HOSTS.has(url.hostname.toLowerCase())
    )
  } catch {
    return false
  }
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

function parseDate(value: string): string {
  const m = DATE.exec(value.trim())
  const date = m ? new Date(`${m[0]}T00:00:00Z`) : undefined
  if (!m || !date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== m[0])
    throw badRequest('invalid_deadline', 'deadline must be a date (YYYY-MM-DD).')
  return m[0]
}

function text(fields: Record<string, string>, name: string, max: number): string | undefined {
  const raw = fields[name]
  if (raw === undefined) return undefined
  const value = raw.trim()
  if (!value) throw badRequest('validation_error', `${name} is required.`)
  if (value.length > max) throw badRequest('validation_error', `${name} must be at most ${max} characters.`)
  return value
}

/**
 * Checks the text fields. `partial` (edits) accepts any subset; create needs them all.
 * @param today YYYY-MM-DD (UTC); a new emergency's deadline may not be before yesterday (time zones).
 */
export function emergencyValues(
  fields: Record<string, string>,
  { partial, today }: { partial: boolean; today: string },
): Partial<NewEmergency> {
  const out: Partial<NewEmergency> = {}
  const required = ['title', 'description', 'sol_goal', 'deadline', 'receiving_wallet'] as const
  if (!partial) {
    for (const name of required)
      if (!fields[name]?.trim()) throw badRequest('validation_error', `${name} is required.`)
  }
  const title = text(fields, 'title', 200)
  if (title !== undefined) out.title = title
  const description = text(fields, 'description', 10_000)
  if (description !== undefined) out.description = description
  if (fields.sol_goal !== undefined) {
    const goal = parseSol(fields.sol_goal, 'sol_goal')
    if (goal <= 0n) throw badRequest('invalid_amount', 'sol_goal must be greater than 0.')
    out.solGoal = goal
  }
  if (fields.deadline !== undefined) {
    out.deadline = parseDate(fields.deadline)
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
    if (!partial && out.deadline < yesterday)
      throw badRequest('invalid_deadline', 'deadline cannot be in the past.')
  }
  if (fields.receiving_wallet !== undefined) {
    const wallet = fields.receiving_wallet.trim()
    if (!isWalletAddress(wallet))
      throw badRequest('invalid_wallet', 'receiving_wallet is not a valid Solana wallet address.')
    out.receivingWallet = wallet
  }
  if (fields.video_url !== undefined) {
    const video = fields.video_url.trim()
    if (video && !isVideoUrl(video))
      throw badRequest('invalid_video_url', 'video_url must be a YouTube or Vimeo link.')
    out.videoUrl = video || null
  }
  return out
}

/** More ids than an emergency can have images is never a real edit (and a huge list is a costly query). */
export const MAX_DELETE_IMAGES = 10 * MAX_PROOF_IMAGES

/** delete_images: a JSON list of image ids ("[3, 4]"), or a comma-separated list; distinct ids. */
export function imageIdsToDelete(raw: string | undefined): number[] {
  if (raw === undefined || raw.trim() === '') return []
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    value = raw.split(',').map((s) => Number(s.trim()))
  }
  if (typeof value === 'number') value = [value]
  const isId = (v: unknown) =>
    (typeof v === 'number' || (typeof v === 'string' && /^\s*\d+\s*$/.test(v))) &&
    Number.isSafeInteger(Number(v)) &&
    Number(v) > 0
  if (!Array.isArray(value) || !value.every(isId))
    throw badRequest('validation_error', 'delete_images must be a JSON list of image ids.')
  if (value.length > MAX_DELETE_IMAGES)
    throw badRequest('validation_error', `delete_images may list at most ${MAX_DELETE_IMAGES} ids.`)
  return [...new Set(value.map(Number))]
}
