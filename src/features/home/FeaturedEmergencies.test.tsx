import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderAt, resetApp, stubApi } from '../../testing/harness'
import { FeaturedEmergencies } from './FeaturedEmergencies'
import { loader } from './home.loader'

const emergency = (id: number, description = 'Medical bills after a flood.') => ({
  id,
  title: `Emergency ${id}`,
  description,
  sol_goal: '12.5',
  receiving_wallet: 'Recv1111',
  is_featured: true,
})

describe('featured emergencies on the home page', () => {
  beforeEach(() => {
    resetApp()
    vi.unstubAllGlobals()
  })

  it('shows the first 3 featured, descriptions cut at 100 characters, each with a Donate link', async () => {
    stubApi({
      'GET /api/emergency/featured/': () => ({
        body: {
          count: 4,
          next: null,
          previous: null,
          results: [emergency(1, 'x'.repeat(140)), emergency(2), emergency(3), emergency(4)],
        },
      }),
    })
    renderAt('/', [{ path: '/', element: <FeaturedEmergencies />, loader }])
    expect(await screen.findByText('Emergency 1')).toBeTruthy()
    expect(screen.queryByText('Emergency 4')).toBeNull()
    expect(screen.getByText(`${'x'.repeat(100)}…`)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Donate to Emergency 2' }).getAttribute('href')).toBe('/donate/2')
  })

  it('shows the empty state when there are none', async () => {
    stubApi({ 'GET /api/emergency/featured/': () => ({ body: [] }) })
    renderAt('/', [{ path: '/', element: <FeaturedEmergencies />, loader }])
    expect(await screen.findByText('No featured emergencies available yet.')).toBeTruthy()
  })

  it('shows the empty state, not made-up data, when the call fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    stubApi({
      'GET /api/emergency/featured/': () => ({ status: 503, body: { error: 'Database unavailable' } }),
    })
    renderAt('/', [{ path: '/', element: <FeaturedEmergencies />, loader }])
    expect(await screen.findByText('No featured emergencies available yet.')).toBeTruthy()
  })
})
