import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Page } from '../../api-contract/common'
import { ApiError } from './api-client'
import { useLoad, usePage, usePageSearch } from './use-load'

/** A request the test answers by hand, to see the states in between. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok
    reject = fail
  })
  return { promise, resolve, reject }
}

const page = <T,>(results: T[], next: string | null, count = results.length): Page<T> => ({
  count,
  next,
  previous: null,
  results,
})

afterEach(() => {
  // The unit project runs without vitest globals: unmount by hand, so no hook outlives its test.
  cleanup()
  vi.restoreAllMocks()
})

describe("useLoad with the route loader's read", () => {
  it("renders with the route loader's read from its first render, and loads it from the network only later", async () => {
    const network = vi.fn(async (): Promise<{ id: number; fresh?: boolean }> => ({ id: 7, fresh: true }))
    const { result } = renderHook(() =>
      useLoad(network, 'seven', { initial: { url: '/api/emergency/detail/7/', data: { id: 7 } } }),
    )
    expect(result.current).toMatchObject({ loading: false, data: { id: 7 }, error: null })
    // The first load was the loader's read: nothing asked the network for it.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)))
    expect(network).not.toHaveBeenCalled()
    await act(async () => result.current.reload())
    await waitFor(() => expect(result.current.data).toEqual({ id: 7, fresh: true }))
    expect(network).toHaveBeenCalledTimes(1)
  })

  it("starts from a failed read as the first load's failure, and loads again once back online", async () => {
    const network = vi.fn(async () => ({ id: 7 }))
    const { result } = renderHook(() =>
      useLoad(network, 'seven', {
        initial: { url: '/api/x/', failure: { status: 0, message: 'Failed to fetch' } },
      }),
    )
    expect(result.current).toMatchObject({ loading: false, data: null })
    expect(result.current.error).toBeInstanceOf(ApiError)
    await act(async () => window.dispatchEvent(new Event('online')))
    await waitFor(() => expect(result.current.data).toEqual({ id: 7 }))
  })
})

describe('useLoad', () => {
  it('is loading until the answer comes, then holds the data', async () => {
    const request = deferred<string>()
    const { result } = renderHook(() => useLoad(() => request.promise, 'one'))
    expect(result.current).toMatchObject({ loading: true, data: null, error: null })
    await act(async () => request.resolve('hello'))
    expect(result.current).toMatchObject({ loading: false, data: 'hello', error: null })
  })

  it('keeps a failure for the screen (logged as a warning), with no data', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const failure = new Error('503')
    const { result } = renderHook(() => useLoad(() => Promise.reject(failure), 'broken'))
    await waitFor(() => expect(result.current.loading).toBe(false))
    expect(result.current.error).toBe(failure)
    expect(result.current.data).toBeNull()
    expect(warn).toHaveBeenCalled()
  })

  it('loads again on reload and on coming back online after a failure', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const answers: Array<() => Promise<number>> = [
      () => Promise.reject(new Error('offline')),
      () => Promise.resolve(1),
      () => Promise.resolve(2),
    ]
    const load = vi.fn(() => answers.shift()!())
    const { result } = renderHook(() => useLoad(load, 'counter'))
    await waitFor(() => expect(result.current.error).not.toBeNull())
    act(() => window.dispatchEvent(new Event('online')))
    await waitFor(() => expect(result.current.data).toBe(1))
    expect(result.current.error).toBeNull()
    act(() => result.current.reload())
    await waitFor(() => expect(result.current.data).toBe(2))
    expect(load).toHaveBeenCalledTimes(3)
  })

  it('drops the answer of a key the screen has left (the request is aborted)', async () => {
    const first = deferred<string>()
    const second = deferred<string>()
    const signals: AbortSignal[] = []
    const { result, rerender } = renderHook(
      ({ key }) =>
        useLoad((signal) => {
          signals.push(signal)
          return key === 'a' ? first.promise : second.promise
        }, key),
      { initialProps: { key: 'a' } },
    )
    rerender({ key: 'b' })
    expect(signals[0]?.aborted).toBe(true)
    await act(async () => second.resolve('from b'))
    await act(async () => first.resolve('from a'))
    expect(result.current.data).toBe('from b')
  })

  it('refreshes in the background, keeping what is shown when a refresh fails', async () => {
    vi.useFakeTimers()
    try {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined)
      const answers = [() => Promise.resolve('first'), () => Promise.reject(new Error('blip'))]
      const { result } = renderHook(() => useLoad(() => answers.shift()!(), 'live', { refreshMs: 1000 }))
      await act(async () => undefined)
      expect(result.current.data).toBe('first')
      await act(async () => vi.advanceTimersByTime(1000))
      expect(result.current).toMatchObject({ data: 'first', loading: false })
      expect(result.current.error).not.toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('useLoad: polls, pages that grow, loads that wait', () => {
  /** Runs `body` with fake timers, restoring real ones whatever happens. */
  async function withFakeTimers(body: () => Promise<void>) {
    vi.useFakeTimers()
    try {
      await body()
    } finally {
      vi.useRealTimers()
    }
  }

  it("shows a new key empty (loading), never the last key's data", async () => {
    const { result, rerender } = renderHook(({ key }) => useLoad(() => Promise.resolve(key), key), {
      initialProps: { key: 'a' },
    })
    await waitFor(() => expect(result.current.data).toBe('a'))
    rerender({ key: 'b' })
    expect(result.current).toMatchObject({ data: null, loading: true })
    await waitFor(() => expect(result.current.data).toBe('b'))
  })

  it('polls from the data it holds and joins what arrives, without a loading state', () =>
    withFakeTimers(async () => {
      const seen: Array<number[] | null> = []
      const arrivals = [[1, 2], [3], []]
      const load = (_signal: AbortSignal, previous: number[] | null) => {
        seen.push(previous)
        return Promise.resolve(arrivals.shift()!)
      }
      const merge = (held: number[], loaded: number[]) => [...held, ...loaded]
      const { result } = renderHook(() => useLoad(load, 'chat', { refreshMs: 1000, merge }))
      await act(async () => undefined)
      expect(result.current.data).toEqual([1, 2])
      await act(async () => vi.advanceTimersByTime(1000))
      expect(result.current).toMatchObject({ data: [1, 2, 3], loading: false })
      await act(async () => vi.advanceTimersByTime(1000))
      expect(result.current.data).toEqual([1, 2, 3])
      expect(seen).toEqual([null, [1, 2], [1, 2, 3]])
    }))

  it('does not poll while the tab is hidden, and polls at once when it shows again', () =>
    withFakeTimers(async () => {
      const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
      const load = vi.fn(() => Promise.resolve('x'))
      renderHook(() => useLoad(load, 'hidden', { refreshMs: 1000 }))
      await act(async () => vi.advanceTimersByTime(5000))
      expect(load).toHaveBeenCalledTimes(1)
      visibility.mockReturnValue('visible')
      await act(async () => document.dispatchEvent(new Event('visibilitychange')))
      expect(load).toHaveBeenCalledTimes(2)
    }))

  it('stops polling once `until` holds', () =>
    withFakeTimers(async () => {
      const answers = ['waiting', 'received']
      const load = vi.fn(() => Promise.resolve(answers.shift() ?? 'again'))
      const { result } = renderHook(() =>
        useLoad(load, 'checkout', { refreshMs: 1000, until: (status) => status === 'received' }),
      )
      await act(async () => vi.advanceTimersByTime(1000))
      expect(result.current.data).toBe('received')
      await act(async () => vi.advanceTimersByTime(5000))
      expect(load).toHaveBeenCalledTimes(2)
      expect(result.current.data).toBe('received')
    }))

  it('loads nothing until enabled, and keeps its data when disabled again', async () => {
    const load = vi.fn(() => Promise.resolve('status'))
    const { result, rerender } = renderHook(({ on }) => useLoad(load, 'panel', { enabled: on }), {
      initialProps: { on: false },
    })
    expect(result.current).toMatchObject({ data: null, loading: false })
    expect(load).not.toHaveBeenCalled()
    rerender({ on: true })
    await waitFor(() => expect(result.current.data).toBe('status'))
    rerender({ on: false })
    expect(result.current).toMatchObject({ data: 'status', loading: false })
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('grows a list page by page with extend, and reload starts again from the first page', async () => {
    interface Rows {
      rows: string[]
      page: number
    }
    const load = (_signal: AbortSignal, previous: Rows | null) => {
      const pageNumber = previous ? previous.page + 1 : 1
      return Promise.resolve({ rows: [`row ${pageNumber}`], page: pageNumber })
    }
    const merge = (held: Rows, next: Rows) => ({ page: next.page, rows: [...held.rows, ...next.rows] })
    const { result } = renderHook(() => useLoad(load, 'feed', { merge }))
    await waitFor(() => expect(result.current.data?.rows).toEqual(['row 1']))
    act(() => result.current.extend())
    expect(result.current).toMatchObject({ loading: true, data: { rows: ['row 1'] } })
    await waitFor(() => expect(result.current.data?.rows).toEqual(['row 1', 'row 2']))
    act(() => result.current.extend())
    await waitFor(() => expect(result.current.data?.rows).toEqual(['row 1', 'row 2', 'row 3']))
    act(() => result.current.reload())
    await waitFor(() => expect(result.current.data?.rows).toEqual(['row 1']))
  })

  it('retries a failed next page (not the first) when back online', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const pages: Array<number | null> = []
    let offline = false
    const load = (_signal: AbortSignal, previous: number[] | null) => {
      const next = (previous?.at(-1) ?? 0) + 1
      pages.push(next)
      return offline ? Promise.reject(new Error('offline')) : Promise.resolve([next])
    }
    const merge = (held: number[], loaded: number[]) => [...held, ...loaded]
    const { result } = renderHook(() => useLoad(load, 'retry', { merge }))
    await waitFor(() => expect(result.current.data).toEqual([1]))
    offline = true
    act(() => result.current.extend())
    await waitFor(() => expect(result.current.error).not.toBeNull())
    expect(result.current.data).toEqual([1])
    offline = false
    act(() => window.dispatchEvent(new Event('online')))
    await waitFor(() => expect(result.current.data).toEqual([1, 2]))
    expect(pages).toEqual([1, 2, 2])
  })

  it('takes an update of the data it holds from the screen (e.g. a message just sent)', async () => {
    const { result } = renderHook(() => useLoad(() => Promise.resolve([1]), 'sent'))
    await waitFor(() => expect(result.current.data).toEqual([1]))
    act(() => result.current.setData((held) => [...(held ?? []), 2]))
    expect(result.current.data).toEqual([1, 2])
  })

  it("ignores an update from a key the screen has left: a late answer never joins another key's rows", async () => {
    const { result, rerender } = renderHook(({ key }) => useLoad(() => Promise.resolve([key]), key), {
      initialProps: { key: 'feed' },
    })
    await waitFor(() => expect(result.current.data).toEqual(['feed']))
    const feedSetter = result.current.setData
    rerender({ key: 'feed-search' })
    await waitFor(() => expect(result.current.data).toEqual(['feed-search']))
    act(() => feedSetter((held) => [...(held ?? []), 'late row of the feed']))
    expect(result.current.data).toEqual(['feed-search'])
    expect(result.current.loading).toBe(false)
  })
})

describe('usePage', () => {
  it('is null while loading, then the rows, the count and whether a next page exists', async () => {
    const request = deferred<Page<string>>()
    const { result } = renderHook(() => usePage(() => request.promise, 'p1'))
    expect(result.current.items).toBeNull()
    await act(async () => request.resolve(page(['a', 'b'], '/api/x/?page=2', 12)))
    expect(result.current).toMatchObject({ items: ['a', 'b'], count: 12, hasNext: true, failed: false })
  })

  it('shows the loading state again when the page changes, then the new page', async () => {
    const pages: Record<number, Page<string>> = {
      1: page(['a'], '/api/x/?page=2', 2),
      2: page(['b'], null, 2),
    }
    const { result, rerender } = renderHook(
      ({ n }) => usePage(() => Promise.resolve(pages[n]!), `list-${n}`),
      { initialProps: { n: 1 } },
    )
    await waitFor(() => expect(result.current.items).toEqual(['a']))
    rerender({ n: 2 })
    expect(result.current.items).toBeNull()
    await waitFor(() => expect(result.current.items).toEqual(['b']))
    expect(result.current.hasNext).toBe(false)
  })

  it('is an empty list marked failed when the load fails, so a screen can tell offline from empty', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { result } = renderHook(() => usePage(() => Promise.reject(new Error('down')), 'down'))
    await waitFor(() => expect(result.current.failed).toBe(true))
    expect(result.current).toMatchObject({ items: [], count: 0, hasNext: false })
  })
})

describe('usePageSearch', () => {
  const at =
    (url: string) =>
    ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>

  it('reads ?page= (1 when absent or nonsense) and writes it back, dropping it for page 1', () => {
    expect(renderHook(() => usePageSearch(), { wrapper: at('/x?page=abc') }).result.current[0]).toBe(1)
    const { result } = renderHook(() => usePageSearch(), { wrapper: at('/x?page=3') })
    expect(result.current[0]).toBe(3)
    act(() => result.current[1](4))
    expect(result.current[0]).toBe(4)
    act(() => result.current[1](1))
    expect(result.current[0]).toBe(1)
  })
})
