import { describe, expect, it } from 'vitest'
import { amountText, formatAmount, parseAmount } from './money'

describe('amounts in SOL and USDC', () => {
  it('reads what the donor typed in base units, refusing more decimals than the currency has', () => {
    expect(parseAmount('SOL', '0.000000001')).toBe(1n)
    expect(parseAmount('USDC', '5.25')).toBe(5_250_000n)
    expect(parseAmount('USDC', '0.0000001')).toBeNull()
    expect(parseAmount('SOL', '1e3')).toBeNull()
  })

  it('shows USDC as dollars, with 2 decimals, and SOL with what it has', () => {
    expect(amountText('USDC', '5')).toBe('5.00 USDC')
    expect(amountText('USDC', '1.000001')).toBe('1.00 USDC')
    expect(amountText('USDC', '0.125')).toBe('0.13 USDC')
    expect(amountText('SOL', '0.123456789')).toBe('0.123456789 SOL')
    expect(amountText('SOL', '0.5')).toBe('0.50 SOL')
    expect(amountText('SOL', '0.126', true)).toBe('0.13 SOL')
  })

  it('formats base units exactly, never through a float', () => {
    expect(formatAmount('SOL', 123_456_789_123_456_789n)).toBe('123456789.123456789')
    expect(formatAmount('USDC', 20_000_000n)).toBe('20.00')
  })
})
