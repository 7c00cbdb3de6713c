// KYC submissions as the API shows them (api-contract/kyc.ts): to their owner, and in the admins' queue.
import type { AdminKycSubmission, KycSubmission } from '../../../api-contract/kyc'
import type { KycRow } from './kyc.table'

export function presentKyc(row: KycRow, publicUrl: string): KycSubmission {
  return {
    id: row.id,
    full_name: row.fullName,
    country: row.country,
    full_address: row.fullAddress,
    id_type: row.idType,
    status: row.status,
    rejection_reason: row.rejectionReason,
    submitted_at: row.submittedAt.toISOString(),
    // The ID image is private: served only through its own authorised route.
    id_image: `${publicUrl}/api/airdrop/kyc/image/${row.id}/`,
  }
}

export function presentForAdmin(
  row: { kyc: KycRow; walletAddress: string; email: string },
  publicUrl: string,
): AdminKycSubmission {
  return {
    ...presentKyc(row.kyc, publicUrl),
    user: row.kyc.userId,
    wallet_address: row.walletAddress,
    email: row.email,
  }
}
