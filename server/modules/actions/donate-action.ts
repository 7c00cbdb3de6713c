// The donation Action's GET answer: the emergency's image, title and
// progress, and the choices a blink renders. Pure: the routes feed it the emergency's card.
import type { ActionGetResponse, LinkedAction } from '../../../api-contract/actions'
import { formatSol, parseSol } from '../../lib/money'
import { TIP_PERCENT } from '../../lib/product'
import { clip } from '../../lib/text'
import { shortAddress } from '../../lib/wallet-address'
import type { EmergencyCard } from '../emergencies/emergency-card.repository'
import { choiceText, type DonationChoice, MAX_COMMENT, tipFor } from './donation-choice'

/** The amounts a blink offers as buttons, in SOL. */
export const FIXED_AMOUNTS = ['0.2', '0.5', '1'] as const
export const DEFAULT_TIP_PERCENT = BigInt(TIP_PERCENT)
const DESCRIPTION_CHARS = 280

export const actionPath = (emergencyId: number) => `/api/actions/donate/${emergencyId}`

/** "12.5 of 50 SOL raised (25%) from 3 donations" */
export function progressText(card: Pick<EmergencyCard, 'totalDonated' | 'solGoal' | 'donationCount'>) {
  const percent = card.solGoal > 0n ? Number((card.totalDonated * 100n) / card.solGoal) : 0
  const donations = card.donationCount === 1 ? '1 donation' : `${card.donationCount} donations`
  return `${formatSol(card.totalDonated)} of ${formatSol(card.solGoal)} SOL raised (${percent}%) from ${donations}`
}

function fixedAmountAction(emergencyId: number, sol: string): LinkedAction {
  const tip = tipFor(parseSol(sol), DEFAULT_TIP_PERCENT)
  return {
    type: 'transaction',
    label: `Give ${sol} SOL + ${formatSol(tip)} tip`,
    href: `${actionPath(emergencyId)}?amount=${sol}&tip_percent=${DEFAULT_TIP_PERCENT}`,
  }
}

function customAmountAction(emergencyId: number, appName: string): LinkedAction {
  return {
    type: 'transaction',
    label: 'Donate',
    // `comment` is not in the href: a blink sends it in the POST body's `data`.
    href: `${actionPath(emergencyId)}?amount={amount}&tip_percent={tip_percent}`,
    parameters: [
      {
        type: 'number',
        name: 'amount',
        label: 'Amount in SOL',
        required: true,
        min: 0.001,
        pattern: '^[0-9]+(\\.[0-9]{1,9})?$',
        patternDescription: 'A SOL amount such as 0.25 (at least 0.001)',
      },
      {
        type: 'radio',
        name: 'tip_percent',
        label: `Tip to ${appName}`,
        required: true,
        options: [
          {
            label: `${DEFAULT_TIP_PERCENT}% tip to ${appName}`,
            value: String(DEFAULT_TIP_PERCENT),
            selected: true,
          },
          { label: 'No tip', value: '0' },
        ],
      },
      {
        type: 'textarea',
        name: 'comment',
        label: 'Comment (optional, public)',
        required: false,
        max: MAX_COMMENT,
      },
    ],
  }
}

export interface DonateActionOptions {
  publicUrl: string
  appName: string
  icon: string
  /** set when the URL already fixes the amount (the PWA's QR, a shared amount): one button, no choices */
  chosen?: DonationChoice
  /** set when the client's chains do not include ours: shown, but disabled */
  clusterError?: string
}

export function donateAction(card: EmergencyCard, options: DonateActionOptions): ActionGetResponse {
  const { appName, chosen } = options
  const lines = [
    card.isFlagged ? 'Under review: people flagged this emergency and the team is checking it.' : '',
    `${progressText(card)}.`,
    clip(card.description, DESCRIPTION_CHARS),
    chosen
      ? `You are giving ${choiceText(chosen, appName)}.`
      : `SOL goes straight to the campaign's wallet ${shortAddress(card.receivingWallet)}. The buttons add the ` +
        `suggested ${DEFAULT_TIP_PERCENT}% tip to ${appName}; the form lets you give without a tip.`,
  ]
  const answer: ActionGetResponse = {
    type: 'action',
    icon: options.icon,
    title: card.title,
    description: lines.filter(Boolean).join('\n\n'),
    label: chosen ? `Donate ${formatSol(chosen.amount + chosen.tip)} SOL` : 'Donate',
  }
  if (!chosen)
    answer.links = {
      actions: [
        ...FIXED_AMOUNTS.map((sol) => fixedAmountAction(card.id, sol)),
        customAmountAction(card.id, appName),
      ],
    }
  if (options.clusterError) {
    answer.disabled = true
    answer.error = { message: options.clusterError }
  }
  return answer
}
