/** "just now", "5 minutes ago", "3 days ago". */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000))
  const units: [number, Intl.RelativeTimeFormatUnit][] = [
    [60 * 60 * 24 * 365, 'year'],
    [60 * 60 * 24 * 30, 'month'],
    [60 * 60 * 24, 'day'],
    [60 * 60, 'hour'],
    [60, 'minute'],
  ]
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
  for (const [size, unit] of units)
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit)
  return seconds < 10 ? 'just now' : format.format(-seconds, 'second')
}
