import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeCursor, encodeCursor } from './cursor'
import { listAnswer, type ListSpec, type ListWindow, listWindow } from './list-window'

describe('cursor encoding', () => {
  it('decodes what it encodes, for id keys and (time, id) keys', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('next' as const, 'previous' as const),
        fc.array(fc.nat({ max: Number.MAX_SAFE_INTEGER }), { minLength: 1, maxLength: 2 }),
        (direction, key) => {
          const text = encodeCursor({ list: 'feed', direction, key: key as [number] })
          expect(text).toMatch(/^[A-Za-z0-9_-]+$/)
          expect(decodeCursor(text, 'feed', key.length as 1)).toEqual({ list: 'feed', direction, key })
        },
      ),
    )
  })

  it('refuses a cursor of another list, of another key shape, or not made by the server, with 400', () => {
    const feed = encodeCursor({ list: 'feed', direction: 'next', key: [42] })
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
    for (const [text, list, length] of [
      [feed, 'emergencies', 1],
      [feed, 'feed', 2],
      ['not-base64-json', 'feed', 1],
      [forged(['feed', 'n', -1]), 'feed', 1],
      [forged(['feed', 'n', 1.5]), 'feed', 1],
      [forged(['feed', 'n', '42']), 'feed', 1],
      [forged(['feed', 'x', 42]), 'feed', 1],
      [forged({ list: 'feed' }), 'feed', 1],
    ] as const) {
      expect(() => decodeCursor(text, list, length as 1), text).toThrow(
        expect.objectContaining({ status: 400, code: 'invalid_cursor' }),
      )
    }
  })
})

describe('list answers', () => {
  const spec: ListSpec<readonly [number]> = { list: 'feed', keyLength: 1, defaultSize: 3 }
  const rows = (...ids: number[]) => ids.map((id) => ({ id }))
  const answer = (url: string, window: ListWindow<readonly [number]>, read: { id: number }[], count = 100) =>
    listAnswer({
      publicUrl: 'https://lifeline.example',
      requestUrl: url,
      spec,
      window,
      counted: { count },
      rows: read,
      keyOf: (row) => [row.id] as const,
      present: (row) => row.id,
    })

  it('links pages in page mode, keeping the other parameters, and offers cursors to switch', () => {
    const window = listWindow({ page: 2, page_size: 3 }, spec)
    const page = answer('/api/x/?search=flood&page=2&page_size=3', window, rows(97, 96, 95))
    expect(page.next).toBe('https://lifeline.example/api/x/?search=flood&page=3&page_size=3')
    expect(page.previous).toBe('https://lifeline.example/api/x/?search=flood&page=1&page_size=3')
    expect(decodeCursor(page.next_cursor!, 'feed', 1)).toMatchObject({ direction: 'next', key: [95] })
    expect(decodeCursor(page.previous_cursor!, 'feed', 1)).toMatchObject({ direction: 'previous', key: [97] })
  })

  it('links cursors in cursor mode; the extra row read only tells that more exist', () => {
    const after = encodeCursor({ list: 'feed', direction: 'next', key: [98] })
    const forward = answer(
      `/api/x/?cursor=${after}`,
      listWindow({ cursor: after }, spec),
      rows(97, 96, 95, 94),
    )
    expect(forward.results).toEqual([97, 96, 95])
    expect(decodeCursor(new URL(forward.next!).searchParams.get('cursor')!, 'feed', 1).key).toEqual([95])
    expect(decodeCursor(new URL(forward.previous!).searchParams.get('cursor')!, 'feed', 1)).toMatchObject({
      direction: 'previous',
      key: [97],
    })

    // Read upwards from the key: shown newest first; no previous page when nothing newer was found.
    const before = encodeCursor({ list: 'feed', direction: 'previous', key: [97] })
    const back = answer(`/api/x/?cursor=${before}`, listWindow({ cursor: before }, spec), rows(98, 99))
    expect(back.results).toEqual([99, 98])
    expect(back.previous).toBeNull()
    expect(back.next).not.toBeNull()
  })

  it('ends page links at a capped count but keeps a cursor to go on', () => {
    const window = listWindow({ page: 2, page_size: 3 }, spec)
    const capped = listAnswer({
      publicUrl: 'https://lifeline.example',
      requestUrl: '/api/x/?page=2',
      spec,
      window,
      counted: { count: 6, capped: true },
      rows: rows(5, 4, 3),
      keyOf: (row) => [row.id] as const,
      present: (row) => row.id,
    })
    expect(capped).toMatchObject({ count: 6, count_capped: true, next: null })
    expect(capped.next_cursor).not.toBeNull()
  })

  it('refuses page and cursor together', () => {
    const cursor = encodeCursor({ list: 'feed', direction: 'next', key: [1] })
    expect(() => listWindow({ page: 2, cursor }, spec)).toThrow(expect.objectContaining({ status: 400 }))
  })
})
