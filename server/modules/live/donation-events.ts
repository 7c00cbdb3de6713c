// A donation as the database announces it (migration 2200, NOTIFY on the 'donations' topic) and as the live
// streams send it (api-contract/live.ts): the feed's Donation and its emergency's totals after it (SOL and USDC).
import type { LiveDonation } from '../../../api-contract/live'
import type { Currency } from '../../../api-contract/common'
import { formatAmount, formatSol } from '../../lib/money'
import { presentDonation } from '../donations/donations.present'
import type { LiveEvent } from './live-hub'

/** The topic migration 2200's trigger announces credited donations on. */
export const DONATIONS_TOPIC = 'donations'

/** The payload of donations_live_notify(): lamports as text, the donor's id only to tell whether they registered. */
interface Announced {
  id: number
  emergency_id: number
  currency: Currency
  amount: string
  tip_amount: string
  comment: string | null
  created_at: string
  tx_hash: string
  donor_wallet: string
  donor_id: number | null
  emergency_title: string
  total_donated: string
  usdc_donated: string
  donation_count: number
  sol_goal: string
  public: boolean
}

/** The event for an announced donation, or 'resync' for a bulk insert announced as a whole. */
export function donationEvent(payload: string): LiveEvent | 'resync' {
  const announced = JSON.parse(payload) as Announced | { resync: true }
  if ('resync' in announced) return 'resync'
  const data: LiveDonation = {
    donation: presentDonation({
      id: announced.id,
      currency: announced.currency,
      amount: BigInt(announced.amount),
      comment: announced.comment,
      createdAt: new Date(announced.created_at),
      tipAmount: BigInt(announced.tip_amount),
      emergencyTitle: announced.emergency_title,
      emergencyId: announced.emergency_id,
      txHash: announced.tx_hash,
      donorWallet: announced.donor_wallet,
      donorId: announced.donor_id,
    }),
    emergency: {
      id: announced.emergency_id,
      total_donated: formatSol(BigInt(announced.total_donated)),
      usdc_donated: formatAmount('USDC', BigInt(announced.usdc_donated)),
      donation_count: announced.donation_count,
      sol_goal: formatSol(BigInt(announced.sol_goal)),
    },
  }
  const id = String(announced.id)
  return {
    id,
    emergencyId: announced.emergency_id,
    public: announced.public,
    frame: `event: donation\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`,
  }
}
