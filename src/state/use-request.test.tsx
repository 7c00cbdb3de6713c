import { act, cleanup, renderHook } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toastsAtom } from './toast.atoms'
import { useRequest } from './use-request'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function setup() {
  const store = createStore()
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>
  return { store, ...renderHook(() => useRequest(), { wrapper }) }
}

describe('useRequest', () => {
  it('is busy while the request runs and hands back its answer, with no toast', async () => {
    const { store, result } = setup()
    let answer!: (value: string) => void
    let outcome: Promise<unknown> = Promise.resolve()
    act(() => {
      outcome = result.current.send(() => new Promise<string>((ok) => (answer = ok)), 'Failed.')
    })
    expect(result.current.busy).toBe(true)
    await act(async () => answer('deleted'))
    expect(await outcome).toEqual({ ok: true, value: 'deleted' })
    expect(result.current.busy).toBe(false)
    expect(store.get(toastsAtom)).toEqual([])
  })

  it('toasts the failure text, logs a warning and hands the error back for the screen to say more', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { store, result } = setup()
    const failure = new Error('409')
    let outcome: unknown
    await act(async () => {
      outcome = await result.current.send(() => Promise.reject(failure), 'Failed to flag campaign.')
    })
    expect(outcome).toEqual({ ok: false, error: failure })
    expect(result.current.busy).toBe(false)
    expect(store.get(toastsAtom).map((t) => [t.kind, t.text])).toEqual([
      ['error', 'Failed to flag campaign.'],
    ])
    expect(warn).toHaveBeenCalled()
  })
})
