// SOL amounts as bigint lamports: parse what the user typed, format what the API sent.
export const LAMPORTS_PER_SOL = 1_000_000_000n

/** "1.25" → 1_250_000_000n; null when the text is not a plain non-negative decimal with ≤ 9 decimals. */
export function parseSol(text: string): bigint | null {
  const match = /^(\d*)(?:\.(\d{0,9}))?$/.exec(text.trim())
  if (!match || (match[1] === '' && !match[2])) return null
  const whole = BigInt(match[1] || '0')
  const fraction = BigInt((match[2] ?? '').padEnd(9, '0'))
  return whole * LAMPORTS_PER_SOL + fraction
}

/** Lamports as SOL with at least `min` and at most `max` decimals (trailing zeros trimmed beyond `min`). */
export function formatSol(lamports: bigint, min = 2, max = 9): string {
  const negative = lamports < 0n
  const abs = negative ? -lamports : lamports
  const unit = 10n ** BigInt(9 - max)
  const rounded = ((abs + unit / 2n) / unit) * unit
  const whole = rounded / LAMPORTS_PER_SOL
  let fraction = (rounded % LAMPORTS_PER_SOL).toString().padStart(9, '0').slice(0, max)
  while (fraction.length > min && fraction.endsWith('0')) fraction = fraction.slice(0, -1)
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/** A decimal SOL string from the API with exactly 2 decimals (dashboard amounts). */
export const sol2 = (text: string | null | undefined) => formatSol(parseSol(text ?? '0') ?? 0n, 2, 2)

/** A decimal SOL string from the API, trimmed, at least 2 decimals. */
export const solText = (text: string | null | undefined) => formatSol(parseSol(text ?? '0') ?? 0n)

/** Percentage of `part` in `whole`, capped at 100 (progress bars). */
export function percentOf(part: bigint, whole: bigint): number {
  if (whole <= 0n) return part > 0n ? 100 : 0
  const basisPoints = (part * 10_000n) / whole
  return Math.min(100, Number(basisPoints) / 100)
}
