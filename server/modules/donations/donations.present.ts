// Donations and tips as the API shows them (api-contract/donations.ts).
import type { Donation, LatestTip } from '../../../api-contract/donations'
import { formatSol } from '../../lib/money'
import type { DonationWithTitle } from './donations.repository'

export function presentDonation(row: DonationWithTitle): Donation {
  return {
    id: row.id,
    amount: formatSol(row.amount),
    comment: row.comment,
    created_at: row.createdAt.toISOString(),
    tip_included: row.tipAmount > 0n,
    tip_amount: formatSol(row.tipAmount),
    emergency_title: row.emergencyTitle,
    emergency_id: row.emergencyId,
    tx_hash: row.txHash,
    donor_wallet: row.donorWallet,
    donor_registered: row.donorId !== null,
  }
}

/** A tip the donor added to a donation (the dashboard's latest tips). */
export function presentTip(row: {
  id: number
  tipAmount: bigint
  emergencyTitle: string
  txHash: string
}): LatestTip {
  return {
    id: row.id,
    amount: formatSol(row.tipAmount),
    emergency_title: row.emergencyTitle,
    tx_hash: row.txHash,
  }
}
