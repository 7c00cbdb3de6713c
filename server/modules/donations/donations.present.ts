// Donations and tips as the API shows them (api-contract/donations.ts): amounts in the donation's own currency.
import type { Donation, LatestTip } from '../../../api-contract/donations'
import { formatAmount } from '../../lib/money'
import type { DonationWithTitle } from './donations.repository'

/** What a donation's answer shows of its row (a row read, or a donation announced live: server/modules/live). */
export type ShownDonation = Pick<
  DonationWithTitle,
  | 'id'
  | 'currency'
  | 'amount'
  | 'comment'
  | 'createdAt'
  | 'tipAmount'
  | 'emergencyTitle'
  | 'emergencyId'
  | 'txHash'
  | 'donorWallet'
  | 'donorId'
>

export function presentDonation(row: ShownDonation): Donation {
  return {
    id: row.id,
    currency: row.currency,
    amount: formatAmount(row.currency, row.amount),
    comment: row.comment,
    created_at: row.createdAt.toISOString(),
    tip_included: row.tipAmount > 0n,
    tip_amount: formatAmount(row.currency, row.tipAmount),
    emergency_title: row.emergencyTitle,
    emergency_id: row.emergencyId,
    tx_hash: row.txHash,
    donor_wallet: row.donorWallet,
    donor_registered: row.donorId !== null,
  }
}

/** A tip the donor added to a donation (the dashboard's latest tips). */
export function presentTip(
  row: Pick<DonationWithTitle, 'id' | 'currency' | 'tipAmount' | 'emergencyTitle' | 'txHash'>,
): LatestTip {
  return {
    id: row.id,
    amount: formatAmount(row.currency, row.tipAmount),
    currency: row.currency,
    emergency_title: row.emergencyTitle,
    tx_hash: row.txHash,
  }
}
