// The donation form's arithmetic: bigint lamports; the suggested tip is the platform's tip percent (config
// tip_percent, 5 today) of the amount, rounded half up to the cent.
import { formatSol, LAMPORTS_PER_SOL, parseSol } from '../../lib/sol'

const CENT = LAMPORTS_PER_SOL / 100n

export const DONATION_TEXT = {
  amountRequired: 'Please enter donation amount.',
  amountInvalid: 'Enter an amount in SOL, e.g. 0.5.',
  amountTooSmall: 'The smallest donation is 0.001 SOL.',
  tipInvalid: 'The tip must be 0 or a positive amount in SOL.',
  registerFirst: 'You must register first. Redirecting...',
} as const

export const MIN_DONATION = LAMPORTS_PER_SOL / 1000n

/** The suggested tip for what was typed: `percent` of it with 2 decimals (half up); '' while it is not a number. */
export function suggestedTip(amountText: string, percent: number): string {
  const amount = parseSol(amountText)
  if (amount === null || amountText.trim() === '') return ''
  const tip = (amount * BigInt(Math.round(percent * 100))) / 10_000n
  const cents = (tip + CENT / 2n) / CENT
  return formatSol(cents * CENT, 2, 2)
}

export interface DonationValues {
  amount: bigint
  tip: bigint
}

/** Validates the two fields; returns the lamports or the first error text. */
export function validateDonation(amountText: string, tipText: string): DonationValues | { error: string } {
  if (amountText.trim() === '') return { error: DONATION_TEXT.amountRequired }
  const amount = parseSol(amountText)
  if (amount === null) return { error: DONATION_TEXT.amountInvalid }
  if (amount < MIN_DONATION) return { error: DONATION_TEXT.amountTooSmall }
  const tip = tipText.trim() === '' ? 0n : parseSol(tipText)
  if (tip === null) return { error: DONATION_TEXT.tipInvalid }
  return { amount, tip }
}

/** Amount + tip as SOL text, or null while either is not a number. */
export function totalText(amountText: string, tipText: string): string | null {
  const amount = parseSol(amountText || '0')
  const tip = parseSol(tipText || '0')
  if (amount === null || tip === null) return null
  return formatSol(amount + tip)
}
