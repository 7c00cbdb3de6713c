import { describe, expect, it } from 'vitest'
import { relativeTime } from './time'

const NOW = Date.parse('2026-11-23T12:00:00Z')
const before = (seconds: number) => new Date(NOW - seconds * 1000).toISOString()

describe('relativeTime', () => {
  it('says "just now" under 10 seconds, and for a time in the future', () => {
    expect(relativeTime(before(0), NOW)).toBe('just now')
    expect(relativeTime(before(9), NOW)).toBe('just now')
    expect(relativeTime(before(-3600), NOW)).toBe('just now')
  })

  it("gives Intl.RelativeTimeFormat's English words for every unit, one and many", () => {
    const intl = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
    const cases: [number, number, Intl.RelativeTimeFormatUnit][] = [
      [10, 10, 'second'],
      [59, 59, 'second'],
      [60, 1, 'minute'],
      [150, 2, 'minute'],
      [3600, 1, 'hour'],
      [5 * 3600, 5, 'hour'],
      [86400, 1, 'day'],
      [3 * 86400, 3, 'day'],
      [30 * 86400, 1, 'month'],
      [200 * 86400, 6, 'month'],
      [364 * 86400, 12, 'month'],
      [365 * 86400, 1, 'year'],
      [3 * 365 * 86400, 3, 'year'],
    ]
    for (const [seconds, count, unit] of cases)
      expect(relativeTime(before(seconds), NOW)).toBe(intl.format(-count, unit))
    expect(relativeTime(before(86400), NOW)).toBe('yesterday')
    expect(relativeTime(before(150), NOW)).toBe('2 minutes ago')
  })
})
