// Rows → the wire shape of api-contract/emergencies.ts (SOL strings, absolute image URLs, ISO dates).
import type { Emergency, FlaggedEmergency, FlagRecord, ProofImage } from '../../../api-contract/emergencies'
import { formatAmount, formatSol } from '../../lib/money'
import { mediaUrl } from '../../storage'
import { PROOF_IMAGE_WIDTHS, variantName } from '../../storage/image-variants'
import type { EmergencyWithOwner, ShownEmergency, ShownImage } from './emergencies.repository'
import { receivingWalletLocked } from './emergency-input'
import type { FlagRow } from './flags.table'

/** An uploaded image (a proof image, an update's image) with its responsive copies, by absolute URL. */
export function presentImage(image: ShownImage, publicUrl: string): ProofImage {
  return {
    id: image.id,
    image: mediaUrl(publicUrl, image.fileName),
    variants: PROOF_IMAGE_WIDTHS.map((width) => ({
      width,
      image: mediaUrl(publicUrl, variantName(image.fileName, width)!),
    })),
  }
}

/** An emergency as the public sees it, with its own images in order. */
export function presentEmergency(
  row: ShownEmergency,
  images: ShownImage[],
  now: Date,
  publicUrl: string,
): Emergency {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    sol_goal: formatSol(row.solGoal),
    deadline: row.deadline,
    receiving_wallet: row.receivingWallet,
    receiving_wallet_locked: receivingWalletLocked(row),
    video_url: row.videoUrl,
    proof_images: images.map((i) => presentImage(i, publicUrl)),
    total_donated: formatSol(row.totalDonated),
    usdc_donated: formatAmount('USDC', row.usdcDonated),
    donation_count: row.donationCount,
    is_featured: row.boostExpiresAt !== null && row.boostExpiresAt > now,
    boost_expires_at: row.boostExpiresAt?.toISOString() ?? null,
    is_flagged: row.isFlagged,
    owner: { id: row.ownerId, wallet_address: row.ownerWallet },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

export function presentFlag(row: FlagRow): FlagRecord {
  return {
    id: row.id,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    reporter: row.reporter,
    user_id: row.userId,
  }
}

export function presentFlagged(
  row: EmergencyWithOwner,
  images: ShownImage[],
  flags: FlagRow[],
  now: Date,
  publicUrl: string,
): FlaggedEmergency {
  return {
    ...presentEmergency(row, images, now, publicUrl),
    flagged_reason: row.flaggedReason,
    flagged_ip: row.flaggedBy,
    flagged_at: row.flaggedAt?.toISOString() ?? null,
    review_status: row.reviewStatus,
    flag_count: row.flagCount,
    triaged_at: row.triagedAt?.toISOString() ?? null,
    flags: flags.map(presentFlag),
  }
}
