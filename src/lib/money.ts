// Amounts in either currency a donation may be given in, as bigint base units: lamports for SOL (9 decimals),
// micro-USDC for USDC (6 decimals). Parse what the user typed, format what the API sent; never a float.
import type { Currency } from '../../api-contract/common'

export type { Currency }

/** Decimals of each currency's base unit on chain (USDC's mint has 6 on every cluster). */
export const DECIMALS: Record<Currency, number> = { SOL: 9, USDC: 6 }

/** "1.25" → 125n with 2 decimals; null when the text is not a plain non-negative decimal with ≤ `decimals`. */
export function parseUnits(text: string, decimals: number): bigint | null {
  const match = new RegExp(`^(\\d*)(?:\\.(\\d{0,${decimals}}))?$`).exec(text.trim())
  if (!match || (match[1] === '' && !match[2])) return null
  const whole = BigInt(match[1] || '0')
  const fraction = BigInt((match[2] ?? '').padEnd(decimals, '0'))
  return whole * 10n ** BigInt(decimals) + fraction
}

/** Base units as a decimal with at least `min` and at most `max` decimals (half up; zeros trimmed beyond `min`). */
export function formatUnits(units: bigint, decimals: number, min = 2, max = decimals): string {
  const scale = 10n ** BigInt(decimals)
  const negative = units < 0n
  const abs = negative ? -units : units
  const unit = 10n ** BigInt(decimals - max)
  const rounded = ((abs + unit / 2n) / unit) * unit
  let fraction = (rounded % scale).toString().padStart(decimals, '0').slice(0, max)
  while (fraction.length > min && fraction.endsWith('0')) fraction = fraction.slice(0, -1)
  return `${negative ? '-' : ''}${rounded / scale}${fraction ? `.${fraction}` : ''}`
}

export const parseAmount = (currency: Currency, text: string) => parseUnits(text, DECIMALS[currency])

/** Base units of `currency` as text: at least 2 decimals, at most the currency's own (or `max`). */
export const formatAmount = (currency: Currency, units: bigint, min = 2, max = DECIMALS[currency]) =>
  formatUnits(units, DECIMALS[currency], min, max)

/**
 * An API amount of `currency` with its unit, as lists show it: "0.25 SOL", "5.00 USDC". USDC always shows 2
 * decimals, as dollars do (6 on chain); `exact2` rounds SOL to 2 as well (the dashboard's columns).
 */
export function amountText(currency: Currency, text: string | null | undefined, exact2 = false): string {
  const units = parseAmount(currency, text ?? '0') ?? 0n
  const cents = exact2 || currency === 'USDC'
  return `${cents ? formatAmount(currency, units, 2, 2) : formatAmount(currency, units)} ${currency}`
}
