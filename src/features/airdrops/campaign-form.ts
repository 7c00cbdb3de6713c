// Campaign form rules: project_name, description, sol_goal ≥ 0.01 (step 0.01) and receiving_wallet
// required; website and github_url must be URLs; the image is optional and must be an image.
import { parseSol } from '../../lib/sol'
import { uploadTooLarge } from '../../lib/upload-limit'

export interface CampaignValues {
  project_name: string
  description: string
  website: string
  twitter_handle: string
  github_url: string
  sol_goal: string
  receiving_wallet: string
  image: File | null
}

type CampaignErrors = Partial<Record<keyof CampaignValues, string>>

const MIN_GOAL = 10_000_000n // 0.01 SOL
const BASE58_KEY = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

const isUrl = (text: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol)
  } catch {
    return false
  }
}

/** `maxBytes`: the upload limit from the config (null while unknown). */
export function validateCampaign(v: CampaignValues, maxBytes: number | null): CampaignErrors {
  const errors: CampaignErrors = {}
  if (!v.project_name.trim()) errors.project_name = 'Project name is required.'
  if (!v.description.trim()) errors.description = 'Description is required.'
  const goal = parseSol(v.sol_goal)
  if (!v.sol_goal.trim()) errors.sol_goal = 'SOL goal is required.'
  else if (goal === null || goal < MIN_GOAL) errors.sol_goal = 'The goal must be at least 0.01 SOL.'
  else if (goal % MIN_GOAL !== 0n) errors.sol_goal = 'Use steps of 0.01 SOL.'
  if (!v.receiving_wallet.trim()) errors.receiving_wallet = 'Receiving wallet is required.'
  else if (!BASE58_KEY.test(v.receiving_wallet.trim()))
    errors.receiving_wallet = 'Enter a valid Solana address.'
  if (v.website.trim() && !isUrl(v.website.trim())) errors.website = 'Enter a full URL (https://…).'
  if (v.github_url.trim() && !isUrl(v.github_url.trim())) errors.github_url = 'Enter a full URL (https://…).'
  if (v.image && !v.image.type.startsWith('image/')) errors.image = 'The image must be an image file.'
  else if (v.image) {
    const tooLarge = uploadTooLarge(v.image, maxBytes)
    if (tooLarge) errors.image = tooLarge
  }
  return errors
}

export function campaignFormData(v: CampaignValues): FormData {
  const form = new FormData()
  for (const key of [
    'project_name',
    'description',
    'website',
    'twitter_handle',
    'github_url',
    'sol_goal',
    'receiving_wallet',
  ] as const) {
    const value = v[key].trim()
    if (value) form.append(key, value)
  }
  if (v.image) form.append('image', v.image)
  return form
}
