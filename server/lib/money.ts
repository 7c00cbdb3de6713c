// Money is integer base units (bigint) in code and database: lamports for SOL, micro-USDC for USDC; decimal strings
// on the wire. Never float arithmetic: numbers from JSON are turned into their decimal text first.
import type { Currency } from '../../api-contract/common'
import { badRequest } from './errors'

export const LAMPORTS_PER_SOL = 1_000_000_000n
/** The largest amount a BIGINT column holds (about 9.2 billion SOL, above the whole supply). */
export const MAX_LAMPORTS = 2n ** 63n - 1n
/** Decimals of each currency's base unit. */
export const DECIMALS: Record<Currency, number> = { SOL: 9, USDC: 6 }

/** A decimal text with at most `decimals` fraction digits and no more whole digits than a BIGINT can hold. */
const decimalPattern = (decimals: number) =>
  new RegExp(`^(0|[1-9][0-9]{0,${18 - decimals}})(?:\\.([0-9]{1,${decimals}}))?$`)
const PATTERNS: Record<Currency, RegExp> = { SOL: decimalPattern(9), USDC: decimalPattern(6) }

/** "1.5" or 1.5 → base units of `currency`; 400 `invalid_amount` for negative, malformed, over-precise or too large
 * input. */
export function parseAmount(currency: Currency, input: string | number, field = 'amount'): bigint {
  const decimals = DECIMALS[currency]
  const text = typeof input === 'number' ? numberText(input, decimals) : input.trim()
  const match = text === undefined ? null : PATTERNS[currency].exec(text)
  if (!match)
    throw badRequest(
      'invalid_amount',
      `${field} must be a ${currency} amount with at most ${decimals} decimals.`,
    )
  const [, whole = '0', fraction = ''] = match
  const units = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0'))
  if (units > MAX_LAMPORTS) throw badRequest('invalid_amount', `${field} is too large.`)
  return units
}

/** Base units of `currency` → its shortest decimal text (1_500_000_000n SOL → "1.5"; 1n USDC → "0.000001"). */
export function formatAmount(currency: Currency, units: bigint): string {
  const scale = 10n ** BigInt(DECIMALS[currency])
  const sign = units < 0n ? '-' : ''
  const abs = units < 0n ? -units : units
  const fraction = (abs % scale).toString().padStart(DECIMALS[currency], '0').replace(/0+$/, '')
  return `${sign}${abs / scale}${fraction ? `.${fraction}` : ''}`
}

/** "1.5" or 1.5 → 1_500_000_000n; 400 `invalid_amount` for negative, malformed, over-precise or too large input. */
export const parseSol = (input: string | number, field = 'amount'): bigint => parseAmount('SOL', input, field)

/** 1_500_000_000n → "1.5"; 1n → "0.000000001". */
export const formatSol = (lamports: bigint): string => formatAmount('SOL', lamports)

/** The shortest decimal text of a JSON number (0.1 → "0.1", 1e-9 → "0.000000001"), or undefined. */
function numberText(value: number, decimals: number): string | undefined {
  if (!Number.isFinite(value) || value < 0) return undefined
  const text = String(value)
  if (!text.includes('e')) return text
  // Exponent form: only tiny values reach it below 1e21; `decimals` decimals are all an amount can hold.
  const fixed = value.toFixed(decimals).replace(/\.?0+$/, '')
  return Number(fixed) === value ? fixed : undefined
}
