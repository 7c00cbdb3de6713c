// The airdrops module's rows as the API shows them (api-contract/airdrops.ts): campaigns and listing-fee claims.
import type { Campaign, CampaignPayment, MyCampaign } from '../../../api-contract/airdrops'
import { formatSol } from '../../lib/money'
import { mediaUrl } from '../../storage'
import type { CampaignWithOwner } from './airdrops.repository'
import type { CampaignPaymentRow } from './airdrops.table'

export function presentCampaign(row: CampaignWithOwner, publicUrl: string): Campaign {
  return {
    id: row.id,
    user: row.ownerId,
    owner_wallet: row.ownerWallet,
    project_name: row.projectName,
    description: row.description,
    website: row.website,
    twitter_handle: row.twitterHandle,
    github_url: row.githubUrl,
    sol_goal: formatSol(row.solGoal),
    receiving_wallet: row.receivingWallet,
    image: row.imageName ? mediaUrl(publicUrl, row.imageName) : null,
    is_listed: row.isListed,
    has_investor_involved: row.hasInvestorInvolved,
    amount_released: formatSol(row.amountReleased),
    created_at: row.createdAt.toISOString(),
  }
}

/** A claim as its campaign's owner sees it (GET airdrop/campaigns/my/). */
export function presentClaimSummary(claim: CampaignPaymentRow): NonNullable<MyCampaign['payment']> {
  return {
    tx_hash: claim.txHash,
    amount: formatSol(claim.amount),
    confirmed: claim.confirmed,
    rejected: claim.rejected,
    unverified: claim.unverified,
  }
}

/** A claim in the admins' queue, with its campaign's name. */
export function presentClaim({
  claim,
  campaignName,
}: {
  claim: CampaignPaymentRow
  campaignName: string
}): CampaignPayment {
  return {
    ...presentClaimSummary(claim),
    id: claim.id,
    campaign: claim.campaignId,
    campaign_name: campaignName,
    submitted_at: claim.submittedAt.toISOString(),
  }
}
