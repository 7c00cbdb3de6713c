import { beforeEach, describe, expect, test } from 'vitest'
import { DETOUR_MAX_AGE_MS, saveDetour, takeDetour } from './donation-detour'

const typed = { amount: '1.37', tip: null, withComment: true, comment: 'Hang in there' }

describe('the donation kept through the register detour', () => {
  beforeEach(() => localStorage.clear())

  test('comes back once, for the emergency it was typed for', () => {
    saveDetour(7, typed, 1_000)
    expect(takeDetour(8, 2_000)).toBeNull()
    expect(takeDetour(7, 2_000)).toEqual(typed)
    expect(takeDetour(7, 3_000)).toBeNull()
  })

  test('is dropped when it is older than half an hour or not ours', () => {
    saveDetour(7, typed, 0)
    expect(takeDetour(7, DETOUR_MAX_AGE_MS + 1)).toBeNull()
    localStorage.setItem('lifeline.donation-detour', '{"emergencyId":7}')
    expect(takeDetour(7)).toBeNull()
    expect(localStorage.length).toBe(0)
  })
})
