import { createStore } from 'jotai'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { pushToastAtom, TOAST_DURATION_MS, toastsAtom } from './toast.atoms'

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('shows a toast for exactly 4 seconds', () => {
    const store = createStore()
    store.set(pushToastAtom, { kind: 'success', text: 'Login successful!' })
    expect(store.get(toastsAtom).map((t) => t.text)).toEqual(['Login successful!'])
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1)
    expect(store.get(toastsAtom)).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(store.get(toastsAtom)).toHaveLength(0)
    expect(TOAST_DURATION_MS).toBe(4000)
  })

  it('lets each toast expire on its own clock', () => {
    const store = createStore()
    store.set(pushToastAtom, { kind: 'info', text: 'first' })
    vi.advanceTimersByTime(2000)
    store.set(pushToastAtom, { kind: 'error', text: 'second' })
    vi.advanceTimersByTime(2000)
    expect(store.get(toastsAtom).map((t) => t.text)).toEqual(['second'])
    vi.advanceTimersByTime(2000)
    expect(store.get(toastsAtom)).toEqual([])
  })

  it('keeps only the three newest toasts when a burst arrives', () => {
    const store = createStore()
    for (const text of ['one', 'two', 'three', 'four']) store.set(pushToastAtom, { kind: 'info', text })
    expect(store.get(toastsAtom).map((t) => t.text)).toEqual(['two', 'three', 'four'])
  })
})
