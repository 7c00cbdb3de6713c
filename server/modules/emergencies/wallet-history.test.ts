import { describe, expect, it } from 'vitest'
import { CLOCK_SKEW_MS, type WalletPeriod, walletAt } from './wallet-history'

const at = (iso: string) => new Date(iso)
const plus = (date: Date, ms: number) => new Date(date.getTime() + ms)
const changed = at('2026-11-20T12:00:00Z')
const deleted = at('2026-11-21T12:00:00Z')
// W1 from creation until the change, W2 from the change until the emergency was deleted.
const history: WalletPeriod[] = [
  { wallet: 'W1', validFrom: null, validUntil: changed },
  { wallet: 'W2', validFrom: changed, validUntil: deleted },
]
const none = new Set<string>()

describe('walletAt: the wallet a donation confirmed at a time had to pay', () => {
  it('answers the wallet valid then', () => {
    expect(walletAt(history, at('2026-11-01T00:00:00Z'), none)).toBe('W1')
    expect(walletAt(history, at('2026-11-20T18:00:00Z'), none)).toBe('W2')
  })

  it('takes either wallet within the clock skew of a change, whichever the transaction paid', () => {
    const justAfter = plus(changed, CLOCK_SKEW_MS / 2)
    expect(walletAt(history, justAfter, new Set(['W1']))).toBe('W1')
    expect(walletAt(history, justAfter, new Set(['W2']))).toBe('W2')
    expect(walletAt(history, justAfter, none)).toBe('W2')
    expect(walletAt(history, plus(changed, CLOCK_SKEW_MS + 1000), new Set(['W1']))).toBe('W2')
  })

  it('has no wallet after the emergency was deleted (beyond the skew)', () => {
    expect(walletAt(history, plus(deleted, CLOCK_SKEW_MS / 2), new Set(['W2']))).toBe('W2')
    expect(walletAt(history, plus(deleted, CLOCK_SKEW_MS + 1000), new Set(['W2']))).toBeUndefined()
  })

  it('uses the current wallet when the node does not know the block time', () => {
    const live: WalletPeriod[] = [history[0]!, { wallet: 'W2', validFrom: changed, validUntil: null }]
    expect(walletAt(live, null, new Set(['W1']))).toBe('W2')
    expect(walletAt(history, null, none)).toBeUndefined()
  })
})
