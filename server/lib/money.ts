// Money is integer lamports (bigint) in code and database, decimal SOL strings on the wire.
// Never float arithmetic: numbers from JSON are turned into their decimal text first.
import { badRequest } from './errors'

export const LAMPORTS_PER_SOL = 1_000_000_000n
/** The largest amount a BIGINT column holds (about 9.2 billion SOL, above the whole supply). */
export const MAX_LAMPORTS = 2n ** 63n - 1n
const DECIMAL = /^(0|[1-9][0-9]{0,9})(?:\.([0-9]{1,9}))?$/

/** "1.5" or 1.5 → 1_500_000_000n; 400 `invalid_amount` for negative, malformed, over-precise or too large input. */
export function parseSol(input: string | number, field = 'amount'): bigint {
  const text = typeof input === 'number' ? numberText(input) : input.trim()
  const match = text === undefined ? null : DECIMAL.exec(text)
  if (!match) throw badRequest('invalid_amount', `${field} must be a SOL amount with at most 9 decimals.`)
  const [, whole = '0', fraction = ''] = match
  const lamports = BigInt(whole) * LAMPORTS_PER_SOL + BigInt(fraction.padEnd(9, '0'))
  if (lamports > MAX_LAMPORTS) throw badRequest('invalid_amount', `${field} is too large.`)
  return lamports
}

/** 1_500_000_000n → "1.5"; 1n → "0.000000001". */
export function formatSol(lamports: bigint): string {
  const sign = lamports < 0n ? '-' : ''
  const abs = lamports < 0n ? -lamports : lamports
  const whole = abs / LAMPORTS_PER_SOL
  const fraction = (abs % LAMPORTS_PER_SOL).toString().padStart(9, '0').replace(/0+$/, '')
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`
}

/** The shortest decimal text of a JSON number (0.1 → "0.1", 1e-9 → "0.000000001"), or undefined. */
function numberText(value: number): string | undefined {
  if (!Number.isFinite(value) || value < 0) return undefined
  const text = String(value)
  if (!text.includes('e')) return text
  // Exponent form: only tiny values reach it below 1e21; 9 decimals are all a lamport amount can hold.
  const fixed = value.toFixed(9).replace(/\.?0+$/, '')
  return Number(fixed) === value ? fixed : undefined
}
