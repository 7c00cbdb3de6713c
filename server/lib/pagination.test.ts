import { describe, expect, it } from 'vitest'
import { pageOf, pageRequest } from './pagination'

const BASE = 'https://lifeline.example'

describe('pagination', () => {
  it('reads page and page_size, capping the size at 100', () => {
    expect(pageRequest({}, 10)).toEqual({ page: 1, pageSize: 10, limit: 10, offset: 0 })
    expect(pageRequest({ page: 3, page_size: 500 }, 10)).toEqual({
      page: 3,
      pageSize: 100,
      limit: 100,
      offset: 200,
    })
  })

  it('links the next and previous pages, keeping the other query parameters', () => {
    const at = pageRequest({ page: 2 }, 2)
    const page = pageOf(BASE, '/api/emergency/public-donations/?search=flood&page=2', at, 5, ['c', 'd'])
    expect(page).toEqual({
      count: 5,
      next: `${BASE}/api/emergency/public-donations/?search=flood&page=3`,
      previous: `${BASE}/api/emergency/public-donations/?search=flood&page=1`,
      results: ['c', 'd'],
    })
  })

  it('has no next link on the last page and no previous link on the first', () => {
    expect(pageOf(BASE, '/api/x/', pageRequest({}, 10), 3, [1, 2, 3])).toMatchObject({
      next: null,
      previous: null,
    })
  })
})
