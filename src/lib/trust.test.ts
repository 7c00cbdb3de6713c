import { describe, expect, test } from 'vitest'
import { createdText, deadlineText, donationsText } from './trust'

const at = (iso: string) => Date.parse(iso)

describe("an emergency's trust signals", () => {
  test('count the donations in words', () => {
    expect(donationsText(0)).toBe('0 donations')
    expect(donationsText(1)).toBe('1 donation')
    expect(donationsText(12)).toBe('12 donations')
  })

  test('say how many days are left, the last day, or that it ended, never a raw date', () => {
    expect(deadlineText('2026-12-10', at('2026-11-28T08:00:00Z'))).toBe('12 days left')
    expect(deadlineText('2026-11-29', at('2026-11-28T08:00:00Z'))).toBe('1 day left')
    expect(deadlineText('2026-11-28', at('2026-11-28T23:00:00Z'))).toBe('last day')
    expect(deadlineText('2026-11-27', at('2026-11-28T00:00:01Z'))).toBe('ended')
  })

  test('say how long ago it was created', () => {
    expect(createdText('2026-11-28T01:00:00Z', at('2026-11-28T08:00:00Z'))).toBe('created 7 hours ago')
    expect(createdText('2026-11-27T01:00:00Z', at('2026-11-28T08:00:00Z'))).toBe('created yesterday')
    expect(createdText('2026-11-18T08:00:00Z', at('2026-11-28T08:00:00Z'))).toBe('created 10 days ago')
  })
})
