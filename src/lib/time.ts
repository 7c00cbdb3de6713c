type Unit = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second'

const UNITS: [number, Unit][] = [
  [60 * 60 * 24 * 365, 'year'],
  [60 * 60 * 24 * 30, 'month'],
  [60 * 60 * 24, 'day'],
  [60 * 60, 'hour'],
  [60, 'minute'],
]

/** What `Intl.RelativeTimeFormat('en', { numeric: 'auto' })` says for one unit ago. */
const ONE_AGO: Partial<Record<Unit, string>> = { year: 'last year', month: 'last month', day: 'yesterday' }

/**
 * The words Intl.RelativeTimeFormat('en', { numeric: 'auto' }) gives, written out: the app speaks English only, and
 * the formatter's first use loads its locale data, about 25 ms here and 90 ms on Lighthouse's 4× slower phone, inside
 * the hydration of /donate/{id} and /public (their donation rows). time.test.ts holds the two to the same words.
 */
const ago = (count: number, unit: Unit) =>
  (count === 1 && ONE_AGO[unit]) || `${count} ${unit}${count === 1 ? '' : 's'} ago`

/** "just now", "5 minutes ago", "3 days ago". */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000))
  for (const [size, unit] of UNITS) if (seconds >= size) return ago(Math.floor(seconds / size), unit)
  return seconds < 10 ? 'just now' : ago(seconds, 'second')
}
