// The donation form's arithmetic in the chosen currency's base units (bigint lamports or micro-USDC): the
// suggested tip is the platform's tip percent (config tip_percent, 5 today) of the amount, rounded half up to the
// cent of that currency, and the total is amount + tip in it. SOL and USDC are never added together.
import { DECIMALS, formatAmount, parseAmount, type Currency } from '../../lib/money'

export const DONATION_TEXT = {
  amountRequired: 'Please enter donation amount.',
  amountInvalid: (currency: Currency) => `Enter an amount in ${currency}, e.g. ${EXAMPLE[currency]}.`,
  amountTooSmall: (currency: Currency) =>
    `The smallest donation is ${formatAmount(currency, MIN_DONATION[currency], 0)} ${currency}.`,
  tipInvalid: (currency: Currency) => `The tip must be 0 or a positive amount in ${currency}.`,
  registerFirst: 'You must register first. Redirecting...',
  restored: 'Your donation is as you left it. Tap Donate to continue.',
} as const

const EXAMPLE: Record<Currency, string> = { SOL: '0.5', USDC: '5' }

/** The smallest gift the server takes: 0.001 SOL, 0.01 USDC. */
export const MIN_DONATION: Record<Currency, bigint> = { SOL: 1_000_000n, USDC: 10_000n }

const centOf = (currency: Currency) => 10n ** BigInt(DECIMALS[currency] - 2)

/** The suggested tip for what was typed: `percent` of it with 2 decimals (half up); '' while it is not a number. */
export function suggestedTip(amountText: string, percent: number, currency: Currency): string {
  const amount = parseAmount(currency, amountText)
  if (amount === null || amountText.trim() === '') return ''
  const tip = (amount * BigInt(Math.round(percent * 100))) / 10_000n
  const cent = centOf(currency)
  return formatAmount(currency, ((tip + cent / 2n) / cent) * cent, 2, 2)
}

export interface DonationValues {
  currency: Currency
  /** base units of `currency` to the emergency */
  amount: bigint
  /** base units of `currency` to the platform */
  tip: bigint
}

/** Validates the two fields; returns the base units or the first error text. */
export function validateDonation(
  amountText: string,
  tipText: string,
  currency: Currency,
): DonationValues | { error: string } {
  if (amountText.trim() === '') return { error: DONATION_TEXT.amountRequired }
  const amount = parseAmount(currency, amountText)
  if (amount === null) return { error: DONATION_TEXT.amountInvalid(currency) }
  if (amount < MIN_DONATION[currency]) return { error: DONATION_TEXT.amountTooSmall(currency) }
  const tip = tipText.trim() === '' ? 0n : parseAmount(currency, tipText)
  if (tip === null) return { error: DONATION_TEXT.tipInvalid(currency) }
  return { currency, amount, tip }
}

/** Amount + tip in the currency with at least 2 decimals, or null while either is not a number. */
export function totalText(amountText: string, tipText: string, currency: Currency): string | null {
  const amount = parseAmount(currency, amountText || '0')
  const tip = parseAmount(currency, tipText || '0')
  if (amount === null || tip === null) return null
  return formatAmount(currency, amount + tip)
}
