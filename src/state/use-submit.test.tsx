import { act, cleanup, renderHook } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../lib/api-client'
import { toastsAtom } from './toast.atoms'
import { useSubmit } from './use-submit'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function setup() {
  const store = createStore()
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>
  return { store, ...renderHook(() => useSubmit(), { wrapper }) }
}

describe('useSubmit', () => {
  it('is busy while the request runs and hands back its answer, with no toast', async () => {
    const { store, result } = setup()
    let answer!: (value: string) => void
    let outcome: Promise<unknown> = Promise.resolve()
    act(() => {
      outcome = result.current.submit(() => new Promise<string>((ok) => (answer = ok)), { failed: 'Failed.' })
    })
    expect(result.current.busy).toBe(true)
    await act(async () => answer('deleted'))
    expect(await outcome).toEqual({ ok: true, value: 'deleted' })
    expect(result.current.busy).toBe(false)
    expect(result.current.failure).toBeNull()
    expect(store.get(toastsAtom)).toEqual([])
  })

  it('toasts the failure, logs a warning and keeps the text the form shows: the server words of its code', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { store, result } = setup()
    const failure = new ApiError(429, 'Flagged too often.', 'flag_cooldown')
    let outcome: unknown
    await act(async () => {
      outcome = await result.current.submit(() => Promise.reject(failure), {
        failed: 'Failed to flag campaign.',
      })
    })
    expect(outcome).toEqual({ ok: false, error: failure })
    expect(result.current.busy).toBe(false)
    expect(result.current.failure).toBe('Flagged too often.')
    expect(store.get(toastsAtom).map((t) => [t.kind, t.text])).toEqual([
      ['error', 'Failed to flag campaign.'],
    ])
    expect(warn).toHaveBeenCalled()
  })

  it('says why in the toast as well for a button with no form to show it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { store, result } = setup()
    const refused = new ApiError(403, 'Only the owner can delete this emergency.', 'forbidden')
    await act(async () => {
      await result.current.submit(() => Promise.reject(refused), {
        failed: 'Failed to delete.',
        formless: true,
      })
      await result.current.submit(() => Promise.reject(new ApiError(502, 'Bad Gateway')), {
        failed: 'Failed to delete.',
        formless: true,
      })
    })
    expect(store.get(toastsAtom).map((t) => t.text)).toEqual([
      'Failed to delete. Only the owner can delete this emergency.',
      'Failed to delete.',
    ])
  })

  it('ignores a second submit while the first still runs: one request, not two', async () => {
    const { result } = setup()
    const request = vi.fn(() => new Promise<string>(() => undefined))
    let second: unknown = 'not yet'
    await act(async () => {
      void result.current.submit(request, { failed: 'Failed.' })
      second = await result.current.submit(request, { failed: 'Failed.' })
    })
    expect(request).toHaveBeenCalledTimes(1)
    expect(second).toBeUndefined()
  })

  it('tells a quiet failure only in the form: no toast', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { store, result } = setup()
    await act(async () => {
      await result.current.submit(() => Promise.reject(new Error('Phantom not connected.')), {
        failed: 'Failed.',
        quiet: true,
      })
    })
    expect(result.current.failure).toBe('Phantom not connected.')
    expect(store.get(toastsAtom)).toEqual([])
  })
})
