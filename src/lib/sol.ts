// SOL amounts as bigint lamports: parse what the user typed, format what the API sent (lib/money for either
// currency).
import { formatUnits, parseUnits } from './money'

/** "1.25" → 1_250_000_000n; null when the text is not a plain non-negative decimal with ≤ 9 decimals. */
export const parseSol = (text: string): bigint | null => parseUnits(text, 9)

/** Lamports as SOL with at least `min` and at most `max` decimals (trailing zeros trimmed beyond `min`). */
export const formatSol = (lamports: bigint, min = 2, max = 9): string => formatUnits(lamports, 9, min, max)

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
