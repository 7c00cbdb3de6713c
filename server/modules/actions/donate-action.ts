// The donation Action's GET answer: the emergency's image, title and
// progress, and the choices a blink renders. Pure: the routes feed it the emergency's card.
import type { ActionGetResponse, LinkedAction } from '../../../api-contract/actions'
import type { Currency } from '../../../api-contract/common'
import { formatAmount, formatSol, parseAmount } from '../../lib/money'
import { TIP_PERCENT } from '../../lib/product'
import { clip } from '../../lib/text'
import { shortAddress } from '../../lib/wallet-address'
import type { EmergencyCard } from '../emergencies/emergency-card.repository'
import { choiceText, type DonationChoice, MAX_COMMENT, tipFor } from './donation-choice'

/** The amounts a blink offers as buttons, per currency. */
export const FIXED_AMOUNTS: Record<Currency, readonly string[]> = {
  SOL: ['0.2', '0.5', '1'],
  USDC: ['5', '10', '25'],
}
/** What a USDC blink's URLs add (a SOL blink's carry nothing: SOL is the default). */
const currencyQuery = (currency: Currency) => (currency === 'USDC' ? '&currency=usdc' : '')
export const DEFAULT_TIP_PERCENT = BigInt(TIP_PERCENT)
const DESCRIPTION_CHARS = 280

export const actionPath = (emergencyId: number) => `/api/actions/donate/${emergencyId}`

/** "12.5 of 50 SOL raised (25%) from 3 donations" */
export function progressText(card: Pick<EmergencyCard, 'totalDonated' | 'solGoal' | 'donationCount'>) {
  const percent = card.solGoal > 0n ? Number((card.totalDonated * 100n) / card.solGoal) : 0
  const donations = card.donationCount === 1 ? '1 donation' : `${card.donationCount} donations`
  return `${formatSol(card.totalDonated)} of ${formatSol(card.solGoal)} SOL raised (${percent}%) from ${donations}`
}

function fixedAmountAction(emergencyId: number, amount: string, currency: Currency): LinkedAction {
  const tip = tipFor(parseAmount(currency, amount), DEFAULT_TIP_PERCENT, currency)
  return {
    type: 'transaction',
    label: `Give ${amount} ${currency} + ${formatAmount(currency, tip)} tip`,
    href: `${actionPath(emergencyId)}?amount=${amount}&tip_percent=${DEFAULT_TIP_PERCENT}${currencyQuery(currency)}`,
  }
}

function customAmountAction(emergencyId: number, appName: string, currency: Currency): LinkedAction {
  const usdc = currency === 'USDC'
  return {
    type: 'transaction',
    label: 'Donate',
    // `comment` is not in the href: a blink sends it in the POST body's `data`.
    href: `${actionPath(emergencyId)}?amount={amount}&tip_percent={tip_percent}${currencyQuery(currency)}`,
    parameters: [
      {
        type: 'number',
        name: 'amount',
        label: `Amount in ${currency}`,
        required: true,
        min: usdc ? 0.01 : 0.001,
        pattern: usdc ? '^[0-9]+(\\.[0-9]{1,6})?$' : '^[0-9]+(\\.[0-9]{1,9})?$',
        patternDescription: usdc
          ? 'A USDC amount such as 10 (at least 0.01)'
          : 'A SOL amount such as 0.25 (at least 0.001)',
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
  /** what the buttons and the form give (`?currency=usdc`); default SOL */
  currency?: Currency
}

export function donateAction(card: EmergencyCard, options: DonateActionOptions): ActionGetResponse {
  const { appName, chosen } = options
  const currency = chosen?.currency ?? options.currency ?? 'SOL'
  const lines = [
    card.isFlagged ? 'Under review: people flagged this emergency and the team is checking it.' : '',
    `${progressText(card)}.`,
    clip(card.description, DESCRIPTION_CHARS),
    chosen
      ? `You are giving ${choiceText(chosen, appName)}.`
      : `${currency} goes straight to the campaign's wallet ${shortAddress(card.receivingWallet)}. The buttons add the ` +
        `suggested ${DEFAULT_TIP_PERCENT}% tip to ${appName}; the form lets you give without a tip.`,
  ]
  const answer: ActionGetResponse = {
    type: 'action',
    icon: options.icon,
    title: card.title,
    description: lines.filter(Boolean).join('\n\n'),
    label: chosen ? `Donate ${formatAmount(currency, chosen.amount + chosen.tip)} ${currency}` : 'Donate',
  }
  if (!chosen)
    answer.links = {
      actions: [
        ...FIXED_AMOUNTS[currency].map((amount) => fixedAmountAction(card.id, amount, currency)),
        customAmountAction(card.id, appName, currency),
      ],
    }
  if (options.clusterError) {
    answer.disabled = true
    answer.error = { message: options.clusterError }
  }
  return answer
}
