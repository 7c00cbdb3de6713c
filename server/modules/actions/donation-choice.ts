// What a donor chose in a blink or a Solana Pay URL: the amount, the tip (none unless asked for: a tip is never
// added silently), an optional comment, and the PWA panel's checkout id.
import { AppError, badRequest } from '../../lib/errors'
import { LAMPORTS_PER_SOL, formatSol, parseSol } from '../../lib/money'
import { MIN_DONATION } from '../donations/donations.service'

export interface DonationChoice {
  amount: bigint
  tip: bigint
  comment: string | null
  checkout: string | null
}

export interface ChoiceInput {
  amount?: string
  /** percent of the amount, as the blink's tip radio sends it */
  tip_percent?: string
  /** SOL, as the PWA's form has it (the donor may have typed any tip) */
  tip?: string
  comment?: string
  checkout?: string
}

export const MAX_COMMENT = 500
const CENT = LAMPORTS_PER_SOL / 100n
const CHECKOUT = /^[A-Za-z0-9_-]{16,64}$/

/** The suggested tip rule of the product (spec: 5 % of the donation, 2 decimals), half up, for any percent. */
export function tipFor(amount: bigint, percent: bigint): bigint {
  const exact = (amount * percent) / 100n
  return ((exact + CENT / 2n) / CENT) * CENT
}

function percentOf(text: string): bigint {
  if (!/^(0|[1-9][0-9]?)$/.test(text.trim()))
    throw badRequest('invalid_amount', 'tip_percent must be a whole number from 0 to 99.')
  return BigInt(text.trim())
}

/** Reads the choice; 400 with a message a blink client can show for anything it cannot honour. */
export function donationChoice(input: ChoiceInput): DonationChoice {
  if (input.amount === undefined || input.amount.trim() === '')
    throw badRequest('invalid_amount', 'Choose an amount to donate.')
  const amount = parseSol(input.amount, 'amount')
  if (amount < MIN_DONATION)
    throw badRequest('invalid_amount', `The minimum donation is ${formatSol(MIN_DONATION)} SOL.`)
  if (input.tip !== undefined && input.tip_percent !== undefined)
    throw badRequest('invalid_amount', 'Give either tip or tip_percent, not both.')
  let tip = 0n
  if (input.tip_percent !== undefined) tip = tipFor(amount, percentOf(input.tip_percent))
  else if (input.tip !== undefined && input.tip.trim() !== '') tip = parseSol(input.tip, 'tip')
  const comment = input.comment?.trim() || null
  if (comment && comment.length > MAX_COMMENT)
    throw badRequest('validation_error', `The comment can be at most ${MAX_COMMENT} characters.`)
  const checkout = input.checkout ?? null
  if (checkout !== null && !CHECKOUT.test(checkout))
    throw new AppError('validation_error', 'checkout must be 16 to 64 letters, digits, - or _.', 400)
  return { amount, tip, comment, checkout }
}

/** "0.5 SOL + 0.03 SOL tip to Lifeline" / "0.5 SOL, no tip" */
export function choiceText(choice: Pick<DonationChoice, 'amount' | 'tip'>, appName: string): string {
  const amount = `${formatSol(choice.amount)} SOL`
  return choice.tip > 0n ? `${amount} + ${formatSol(choice.tip)} SOL tip to ${appName}` : `${amount}, no tip`
}
