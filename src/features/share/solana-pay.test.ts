import { describe, expect, it } from 'vitest'
import { actionUrl, donatePageUrl, giftQuery, newCheckoutId, transactionRequestUrl } from './solana-pay'

describe('Solana Pay URLs for the donation Action', () => {
  it('puts the amount and a tip only when there is one, then the checkout, in SOL', () => {
    expect(
      actionUrl('https://l.example', 7, { currency: 'SOL', amount: 500_000_000n, tip: 30_000_000n }, 'c1'),
    ).toBe('https://l.example/api/actions/donate/7?amount=0.5&tip=0.03&checkout=c1')
    expect(
      actionUrl('https://l.example', 7, { currency: 'SOL', amount: 2_000_000_000n, tip: 0n }, 'c1'),
    ).toBe('https://l.example/api/actions/donate/7?amount=2&checkout=c1')
  })

  it('asks the Action for a USDC gift with currency=usdc, amount and tip in USDC', () => {
    expect(
      actionUrl('https://l.example', 7, { currency: 'USDC', amount: 5_000_000n, tip: 250_000n }, 'c1'),
    ).toBe('https://l.example/api/actions/donate/7?currency=usdc&amount=5&tip=0.25&checkout=c1')
  })

  it("asks the checkout's status for the panel's own gift, as the Action was asked for it", () => {
    expect(String(giftQuery({ currency: 'USDC', amount: 5_000_000n, tip: 250_000n }))).toBe(
      'currency=usdc&amount=5&tip=0.25',
    )
    expect(String(giftQuery({ currency: 'SOL', amount: 500_000_000n, tip: 0n }))).toBe('amount=0.5')
  })

  it('URL-encodes the link of a transaction request, which has a query', () => {
    expect(transactionRequestUrl('https://l.example/api/actions/donate/7?amount=0.5&checkout=c1')).toBe(
      'solana:https%3A%2F%2Fl.example%2Fapi%2Factions%2Fdonate%2F7%3Famount%3D0.5%26checkout%3Dc1',
    )
    expect(donatePageUrl('https://l.example', 7)).toBe('https://l.example/donate/7')
  })

  it('makes checkout ids the server accepts, different each time', () => {
    const ids = new Set(Array.from({ length: 50 }, newCheckoutId))
    expect(ids.size).toBe(50)
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/)
  })
})
