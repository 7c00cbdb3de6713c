import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AppError } from './errors'
import { formatSol, parseSol } from './money'

describe('parseSol', () => {
  it('turns decimal strings and JSON numbers into exact lamports', () => {
    expect(parseSol('1.5')).toBe(1_500_000_000n)
    expect(parseSol(0.1)).toBe(100_000_000n)
    expect(parseSol('0.000000001')).toBe(1n)
    expect(parseSol(1e-9)).toBe(1n)
    expect(parseSol(0.3)).toBe(300_000_000n)
    expect(parseSol('42')).toBe(42_000_000_000n)
  })

  it('refuses negative, malformed and over-precise amounts with 400 invalid_amount', () => {
    for (const bad of [
      '-1',
      '1.0000000001',
      'abc',
      '',
      '1e3',
      '01',
      ' ',
      '1.',
      '.5',
      -0.5,
      Number.NaN,
      Infinity,
      1e-10,
    ]) {
      expect(() => parseSol(bad)).toThrow(AppError)
    }
    try {
      parseSol('x', 'sol_goal')
    } catch (error) {
      expect(error).toMatchObject({
        code: 'invalid_amount',
        status: 400,
        message: 'sol_goal must be a SOL amount with at most 9 decimals.',
      })
    }
  })

  it('refuses amounts a BIGINT of lamports cannot hold', () => {
    expect(parseSol('9223372036.854775807')).toBe(2n ** 63n - 1n)
    for (const huge of ['9223372036.854775808', '9999999999', 9_999_999_999])
      expect(() => parseSol(huge, 'sol_goal')).toThrow('sol_goal is too large.')
  })
})

describe('formatSol', () => {
  it('writes lamports as the shortest decimal SOL string', () => {
    expect(formatSol(1_500_000_000n)).toBe('1.5')
    expect(formatSol(0n)).toBe('0')
    expect(formatSol(1n)).toBe('0.000000001')
    expect(formatSol(500_000_000n)).toBe('0.5')
  })

  it('round-trips with parseSol for any amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }), (lamports) => {
        expect(parseSol(formatSol(lamports))).toBe(lamports)
      }),
    )
  })
})
