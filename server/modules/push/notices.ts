// What each push says: always a visible notification (a title, a body, the page a tap opens, a tag). Browsers
// revoke subscriptions whose pushes show nothing (iOS does), and push services take at most about 4 KB: every text
// is clipped well below that.
import type { Currency } from '../../../api-contract/common'
import type { PushPayload } from '../../../api-contract/push'
import { formatAmount, formatSol } from '../../lib/money'
import { clip } from '../../lib/text'
import { shortAddress } from '../../lib/wallet-address'

const TITLE_CHARS = 80
const BODY_CHARS = 240
const COMMENT_CHARS = 140

interface Emergency {
  id: number
  title: string
}

const donatePage = (emergency: Emergency) => `/donate/${emergency.id}`

/** To the owner: "0.5 SOL from 7xKX…3fQa: 'Stay strong'" (or "5.00 USDC from …"), opening the dashboard. */
export function donationNotice(
  emergency: Emergency,
  donation: {
    paymentId: number
    currency: Currency
    amount: bigint
    donorWallet: string
    comment: string | null
  },
): PushPayload {
  const { currency, amount } = donation
  const from = `${formatAmount(currency, amount)} ${currency} from ${shortAddress(donation.donorWallet, 4)}`
  return {
    title: clip(`New donation to ${emergency.title}`, TITLE_CHARS),
    body: donation.comment ? `${from}: '${clip(donation.comment, COMMENT_CHARS)}'` : from,
    url: '/dashboard',
    tag: `donation-${donation.paymentId}`,
  }
}

/** To the followers: the update's first words, opening the emergency's page. */
export function updateNotice(emergency: Emergency, update: { id: number; text: string }): PushPayload {
  return {
    title: clip(`Update: ${emergency.title}`, TITLE_CHARS),
    body: clip(update.text, BODY_CHARS),
    url: donatePage(emergency),
    tag: `update-${update.id}`,
  }
}

/** To the owner and the followers, once: the donation that reached the goal. */
export function goalNotice(
  emergency: Emergency,
  totals: { totalDonated: bigint; solGoal: bigint },
): PushPayload {
  return {
    title: clip(`Goal reached: ${emergency.title}`, TITLE_CHARS),
    body: `${formatSol(totals.totalDonated)} SOL raised of a ${formatSol(totals.solGoal)} SOL goal. Thank you!`,
    url: donatePage(emergency),
    tag: `goal-${emergency.id}`,
  }
}

/** To the registered donors of an emergency an admin confirmed as a scam, opening their dashboard. */
export function scamNotice(emergency: Emergency): PushPayload {
  return {
    title: clip(`Confirmed scam: ${emergency.title}`, TITLE_CHARS),
    body: 'An emergency you donated to was confirmed as a scam by our team and is no longer shown publicly.',
    url: '/dashboard',
    tag: `scam-${emergency.id}`,
  }
}
