// The create-campaign form: required project_name, description, sol_goal (≥ 0.01),
// receiving_wallet; website and github_url must be URLs; twitter_handle free text.
import { badRequest } from '../../lib/errors'
import { parseSol } from '../../lib/money'
import { optionalText, requiredText } from '../../lib/multipart'
import { isWalletAddress } from '../../lib/wallet-address'
import type { NewCampaign } from './airdrops.table'

export const MIN_GOAL_LAMPORTS = 10_000_000n

function optionalUrl(fields: Record<string, string>, name: string): string | null {
  const value = optionalText(fields, name, 500)
  if (value === null) return null
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw badRequest('validation_error', `${name} must be a URL (http or https).`)
  return value
}

export function campaignValues(fields: Record<string, string>): Omit<NewCampaign, 'ownerId'> {
  const projectName = requiredText(fields, 'project_name', 200)
  const description = requiredText(fields, 'description', 10_000)
  const goalText = requiredText(fields, 'sol_goal', 32)
  const solGoal = parseSol(goalText, 'sol_goal')
  if (solGoal < MIN_GOAL_LAMPORTS) throw badRequest('invalid_amount', 'sol_goal must be at least 0.01 SOL.')
  const receivingWallet = requiredText(fields, 'receiving_wallet', 64)
  if (!isWalletAddress(receivingWallet))
    throw badRequest('invalid_wallet', 'receiving_wallet is not a valid Solana wallet address.')
  return {
    projectName,
    description,
    website: optionalUrl(fields, 'website'),
    twitterHandle: optionalText(fields, 'twitter_handle', 100),
    githubUrl: optionalUrl(fields, 'github_url'),
    solGoal,
    receivingWallet,
  }
}
