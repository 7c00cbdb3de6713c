import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { POLL_MS } from '../../lib/live-donations'
import { stubApi } from '../../testing/harness'
import { usePublicFeed } from './usePublicFeed'

const donation = (id: number) => ({ id, amount: '0.5', emergency_id: 1, emergency_title: `Donation ${id}` })
const answer = (ids: number[], nextCursor: string | null) => ({
  count: 5,
  count_capped: false,
  next: null,
  previous: null,
  next_cursor: nextCursor,
  previous_cursor: null,
  results: ids.map(donation),
})

describe('the public feed', () => {
  afterEach(() => vi.unstubAllGlobals())

  it("starts from the route loader's first page and goes on from each answer's cursor, appending", async () => {
    const first = { url: '/api/emergency/public-donations/?page=1', data: answer([5, 4], 'after-4') as never }
    const asked: string[] = []
    stubApi({
      'GET /api/emergency/public-donations/': (_body, url) => {
        asked.push(url.search)
        // Two donations arrived since the first page: a page number would repeat rows 4 and 5.
        return {
          body: url.searchParams.get('cursor') === 'after-4' ? answer([3, 2], 'after-2') : answer([], null),
        }
      },
    })
    const { result } = renderHook(() => usePublicFeed('', first))
    // Drawn with the loader's read from the first render: what the server rendered into the HTML.
    expect(result.current.items?.map((item) => item.id)).toEqual([5, 4])
    await act(async () => result.current.more())
    await waitFor(() => expect(result.current.items?.map((item) => item.id)).toEqual([5, 4, 3, 2]))
    expect(asked).toEqual(['?cursor=after-4'])
    expect(result.current.hasNext).toBe(true)
  })

  it('reads page 1 again while the live stream is unavailable; new rows wait while the visitor reads further down', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    try {
      const first = {
        url: '/api/emergency/public-donations/?page=1',
        data: answer([5, 4], 'after-4') as never,
      }
      stubApi({ 'GET /api/emergency/public-donations/': () => ({ body: answer([7, 6, 5], 'after-5') }) })
      let reading = true
      const { result } = renderHook(() => usePublicFeed('', first, () => reading))
      // jsdom has no EventSource: the feed falls back to reading again every POLL_MS.
      await act(async () => vi.advanceTimersByTime(POLL_MS))
      await waitFor(() => expect(result.current.waiting).toBe(2))
      expect(result.current.items?.map((item) => item.id)).toEqual([5, 4])
      reading = false
      act(() => result.current.showWaiting())
      expect(result.current.items?.map((item) => item.id)).toEqual([7, 6, 5, 4])
      expect([...result.current.arrived]).toEqual([7, 6])
      expect(result.current.waiting).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })
})
