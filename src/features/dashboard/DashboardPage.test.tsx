import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { tokenAtom } from '../../state/auth.atoms'
import { renderAt, resetApp, store, stubApi } from '../../testing/harness'
import DashboardPage from './DashboardPage'

const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results })
const emergency = (id: number) => ({
  id,
  title: `Clinic roof ${id}`,
  description: 'The storm tore the roof off.',
  sol_goal: '10',
  deadline: '2030-01-01',
  receiving_wallet: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
  video_url: null,
  proof_images: [],
  total_donated: '2.5',
  donation_count: 4,
  is_featured: false,
  boost_expires_at: null,
  is_flagged: false,
  owner: { id: 1, wallet_address: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
})
const donation = {
  id: 5,
  emergency_id: 77,
  emergency_title: 'Flood relief',
  amount: '0.5',
  tip_amount: '0.03',
  tip_included: true,
  currency: 'SOL',
  comment: null,
  tx_hash: '5'.repeat(88),
  donor_wallet: 'x',
  created_at: '2026-01-01T00:00:00Z',
}

function serve(raised: {
  emergency_count: number
  total_raised: string
  donation_count: number
  donor_count: number
}) {
  stubApi({
    'GET /api/config/': () => ({ body: { boost_fee: '0.1', boost_days: 7 } }),
    'GET /api/emergency/my-totals/': () => ({ body: { ...raised, usdc_raised: '0' } }),
    'GET /api/emergency/user-donations/': () => ({
      body: { total_donated: '0.5', total_tips: '0.03', usdc_donated: '0', usdc_tips: '0' },
    }),
    'GET /api/emergency/my-emergencies/': () => ({
      body: page(Array.from({ length: raised.emergency_count }, (_, i) => emergency(i + 1))),
    }),
    'GET /api/emergency/my-donations/': () => ({ body: page([donation]) }),
    'GET /api/emergency/my-latest-tips/': () => ({ body: { results: [] } }),
    'GET /api/badges/mybadges/': () => ({ body: page([]) }),
  })
}
const sectionOrder = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)

describe('My Dashboard', () => {
  beforeEach(() => {
    resetApp()
    store.set(tokenAtom, 'A')
  })
  afterEach(() => vi.unstubAllGlobals())

  test('leads a campaigner with what they raised and their emergencies as compact rows', async () => {
    serve({ emergency_count: 3, total_raised: '7.5', donation_count: 12, donor_count: 9 })
    renderAt('/dashboard', [{ path: '/dashboard', element: <DashboardPage /> }])
    const raised = within(await screen.findByRole('region', { name: 'Raised summary' }))
    expect(await raised.findByText('7.50 SOL')).toBeTruthy()
    expect(raised.getByText('12')).toBeTruthy()
    expect(raised.getByText('9')).toBeTruthy()
    const mine = within(screen.getByRole('region', { name: 'My Emergencies' }))
    expect(await mine.findByRole('link', { name: 'Clinic roof 1' })).toBeTruthy()
    expect(mine.queryByRole('article')).toBeNull()
    expect(mine.getAllByText('4 donations')).toHaveLength(3)
    expect(await mine.findAllByRole('button', { name: 'Boost · 0.1 SOL' })).toHaveLength(3)
    expect(sectionOrder().slice(0, 2)).toEqual(['My Emergencies', 'My Donations'])
  })

  test('leads a donor with their giving and My Donations, with no raised figures', async () => {
    serve({ emergency_count: 0, total_raised: '0', donation_count: 0, donor_count: 0 })
    renderAt('/dashboard', [{ path: '/dashboard', element: <DashboardPage /> }])
    const giving = within(screen.getByRole('region', { name: 'Donation summary' }))
    expect(await giving.findByText('0.50 SOL')).toBeTruthy()
    expect(giving.getByText('0.03 SOL')).toBeTruthy()
    await screen.findByRole('link', { name: 'Flood relief' })
    expect(screen.queryByRole('region', { name: 'Raised summary' })).toBeNull()
    expect(sectionOrder().slice(0, 2)).toEqual(['My Donations', 'My Emergencies'])
  })
})
