// What a donor chose in a blink or a Solana Pay URL: the currency (SOL unless `currency=usdc`), the amount, the tip
// (none unless asked for: a tip is never added silently), an optional comment, and the PWA panel's checkout id.
import type { Currency } from '../../../api-contract/common'
import { AppError, badRequest } from '../../lib/errors'
import { DECIMALS, formatAmount, parseAmount } from '../../lib/money'
import { minimumDonation } from '../donations/donations.service'

export interface DonationChoice {
  currency: Currency
  /** base units of the currency */
  amount: bigint
  tip: bigint
  comment: string | null
  checkout: string | null
}

export interface ChoiceInput {
  /** sol (default) or usdc, either case */
  currency?: string
  amount?: string
  /** percent of the amount, as the blink's tip radio sends it */
  tip_percent?: string
  /** in the currency, as the PWA's form has it (the donor may have typed any tip) */
  tip?: string
  comment?: string
  checkout?: string
}

export const MAX_COMMENT = 500
/** A tip is at most this share of the amount, however it is given (`tip_percent`, or `tip` in the currency). */
export const MAX_TIP_PERCENT = 99n
const CHECKOUT = /^[A-Za-z0-9_-]{16,64}$/

/** The currency a URL names (`usdc` / `USDC`); SOL when it names none. */
export const currencyOf = (input: Pick<ChoiceInput, 'currency'>): Currency =>
  input.currency?.toUpperCase() === 'USDC' ? 'USDC' : 'SOL'

/** The suggested tip rule of the product (spec: 5 % of the donation, 2 decimals), half up, for any percent. */
export function tipFor(amount: bigint, percent: bigint, currency: Currency = 'SOL'): bigint {
  const cent = 10n ** BigInt(DECIMALS[currency] - 2)
  const exact = (amount * percent) / 100n
  return ((exact + cent / 2n) / cent) * cent
}

function percentOf(text: string): bigint {
  if (!/^(0|[1-9][0-9]?)$/.test(text.trim()))
    throw badRequest('invalid_amount', `tip_percent must be a whole number from 0 to ${MAX_TIP_PERCENT}.`)
  return BigInt(text.trim())
}

/** The tip the URL asks for: none unless it does; never more than MAX_TIP_PERCENT of the amount (a link that
 * builds a 50 SOL tip on a 0.001 SOL donation is a trap for whoever signs it). */
function tipOf(input: ChoiceInput, amount: bigint, currency: Currency): bigint {
  if (input.tip !== undefined && input.tip_percent !== undefined)
    throw badRequest('invalid_amount', 'Give either tip or tip_percent, not both.')
  let tip = 0n
  if (input.tip_percent !== undefined) tip = tipFor(amount, percentOf(input.tip_percent), currency)
  else if (input.tip !== undefined && input.tip.trim() !== '') tip = parseAmount(currency, input.tip, 'tip')
  if (tip * 100n > amount * MAX_TIP_PERCENT)
    throw badRequest('invalid_amount', `The tip can be at most ${MAX_TIP_PERCENT}% of the donation.`)
  return tip
}

/** Reads the choice; 400 with a message a blink client can show for anything it cannot honour. */
export function donationChoice(input: ChoiceInput): DonationChoice {
  const currency = currencyOf(input)
  if (input.amount === undefined || input.amount.trim() === '')
    throw badRequest('invalid_amount', 'Choose an amount to donate.')
  const amount = parseAmount(currency, input.amount, 'amount')
  const minimum = minimumDonation(currency)
  if (amount < minimum)
    throw badRequest(
      'invalid_amount',
      `The minimum donation is ${formatAmount(currency, minimum)} ${currency}.`,
    )
  const tip = tipOf(input, amount, currency)
  const comment = input.comment?.trim() || null
  if (comment && comment.length > MAX_COMMENT)
    throw badRequest('validation_error', `The comment can be at most ${MAX_COMMENT} characters.`)
  const checkout = input.checkout ?? null
  if (checkout !== null && !CHECKOUT.test(checkout))
    throw new AppError('validation_error', 'checkout must be 16 to 64 letters, digits, - or _.', 400)
  return { currency, amount, tip, comment, checkout }
}

/** "0.5 SOL + 0.03 SOL tip to Lifeline" / "5 USDC, no tip" */
export function choiceText(
  choice: Pick<DonationChoice, 'currency' | 'amount' | 'tip'>,
  appName: string,
): string {
  const of = (units: bigint) => `${formatAmount(choice.currency, units)} ${choice.currency}`
  return choice.tip > 0n
    ? `${of(choice.amount)} + ${of(choice.tip)} tip to ${appName}`
    : `${of(choice.amount)}, no tip`
}
