import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { OFFLINE_LIST_TEXT } from '../../components/ListEmpty'
import { renderAt, resetApp, stubApi } from '../../testing/harness'
import ExplorePage from './ExplorePage'
import { loader } from './explore.loader'

const emergency = (id: number, title: string, featured = false) => ({
  id,
  title,
  description: `About ${title}`,
  sol_goal: '2',
  deadline: '2030-01-01',
  receiving_wallet: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
  video_url: null,
  proof_images: [],
  total_donated: '0.5',
  donation_count: 1,
  is_featured: featured,
  boost_expires_at: null,
  is_flagged: false,
  owner: { id: 1, wallet_address: 'x' },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
})
const page = (results: unknown[], count = results.length, next: string | null = null) => ({
  count,
  next,
  previous: null,
  results,
})

describe('the explore page', () => {
  beforeEach(resetApp)
  afterEach(() => {
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })

  test('says it is offline, not that nothing matched, when the list cannot load offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    renderAt('/explore', [{ path: '/explore', element: <ExplorePage />, loader }])
    expect(await screen.findByText(OFFLINE_LIST_TEXT)).toBeTruthy()
    expect(screen.queryByText('No emergencies matched your search.')).toBeNull()
  })

  test('shows the featured section and the first page, and pages forward with Next', async () => {
    const calls = stubApi({
      'GET /api/emergency/featured/': () => ({ body: page([emergency(9, 'Boosted well', true)]) }),
      'GET /api/emergency/list/': (_body, url) => ({
        body: page(
          [emergency(Number(url.searchParams.get('page')), `Item on page ${url.searchParams.get('page')}`)],
          25,
        ),
      }),
    })
    renderAt('/explore', [{ path: '/explore', element: <ExplorePage />, loader }])
    await screen.findByText('Boosted well')
    await screen.findByText('Item on page 1')
    expect(screen.getByText('Page 1 of 3')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    await screen.findByText('Item on page 2')
    expect(calls.some((call) => call.key === 'GET /api/emergency/list/')).toBe(true)
  })

  test('hides the featured section while searching and says when nothing matched', async () => {
    const searched: string[] = []
    stubApi({
      'GET /api/emergency/featured/': () => ({ body: page([emergency(9, 'Boosted well', true)]) }),
      'GET /api/emergency/list/': (_body, url) => {
        const search = url.searchParams.get('search')
        if (search) searched.push(search)
        return { body: search ? page([]) : page([emergency(1, 'Flood relief')]) }
      },
    })
    renderAt('/explore', [{ path: '/explore', element: <ExplorePage />, loader }])
    await screen.findByText('Boosted well')
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search emergencies by title' }), 'zzz')
    await screen.findByText('No emergencies matched your search.')
    expect(screen.queryByText('Boosted well')).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Featured' })).toBeNull()
    await waitFor(() => expect(searched).toContain('zzz'))
  })

  test('on a fresh install, with no search typed, invites the visitor to start a fundraiser', async () => {
    stubApi({
      'GET /api/emergency/featured/': () => ({ body: page([]) }),
      'GET /api/emergency/list/': () => ({ body: page([]) }),
    })
    renderAt('/explore', [{ path: '/explore', element: <ExplorePage />, loader }])
    const start = await screen.findByRole('link', { name: 'Start a fundraiser' })
    expect(start.getAttribute('href')).toBe('/create')
    expect(screen.getByText(/No emergencies yet/)).toBeTruthy()
    expect(screen.queryByText('No emergencies matched your search.')).toBeNull()
  })
})
