import { describe, expect, test } from 'vitest'
import { formatSol, parseSol, percentOf, sol2 } from './sol'

describe('SOL amounts', () => {
  test('parses decimal text into lamports without float arithmetic', () => {
    expect(parseSol('1.25')).toBe(1_250_000_000n)
    expect(parseSol('0.1')).toBe(100_000_000n)
    expect(parseSol('.5')).toBe(500_000_000n)
    expect(parseSol('3')).toBe(3_000_000_000n)
  })

  test('refuses text that is not a plain non-negative amount', () => {
    for (const text of ['', '.', '-1', '1e3', 'abc', '1.0000000001']) expect(parseSol(text)).toBeNull()
  })

  test('formats lamports with at least two decimals and trims the rest', () => {
    expect(formatSol(1_050_000_000n)).toBe('1.05')
    expect(formatSol(1_000_000_000n)).toBe('1.00')
    expect(formatSol(1_234_567_891n)).toBe('1.234567891')
    expect(sol2('0.125')).toBe('0.13')
  })

  test('caps the progress percentage at 100', () => {
    expect(percentOf(5n, 10n)).toBe(50)
    expect(percentOf(30n, 10n)).toBe(100)
    expect(percentOf(0n, 0n)).toBe(0)
  })
})
