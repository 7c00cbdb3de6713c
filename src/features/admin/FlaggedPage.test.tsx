import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { renderAt, resetApp, stubApi } from '../../testing/harness'
import FlaggedPage from './FlaggedPage'
import { REVIEW_TEXT } from './ReviewModal'

const flag = (id: number, reason: string, minutesAgo: number) => ({
  id,
  reason,
  created_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  reporter: `hash${id}abcdef0123456789`,
  user_id: null,
})
const flagged = (id: number, title: string, flags: ReturnType<typeof flag>[], triaged = false) => ({
  id,
  title,
  description: 'x',
  sol_goal: '2',
  deadline: '2030-01-01',
  receiving_wallet: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
  receiving_wallet_locked: false,
  video_url: null,
  proof_images: [],
  total_donated: '0',
  usdc_donated: '0',
  donation_count: 0,
  is_featured: false,
  boost_expires_at: null,
  is_flagged: triaged || flags.length >= 3,
  owner: { id: 1, wallet_address: 'x' },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  flagged_reason: flags[0]?.reason ?? null,
  flagged_ip: flags[0]?.reporter ?? null,
  flagged_at: flags[0]?.created_at ?? null,
  review_status: 'pending',
  flag_count: flags.length,
  triaged_at: triaged ? '2026-11-28T09:00:00Z' : null,
  flags,
})
const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results })

const routes = [{ path: '/admin/flagged', element: <FlaggedPage /> }]

describe('the admin’s flagged emergencies', () => {
  beforeEach(resetApp)
  afterEach(() => vi.unstubAllGlobals())

  test('each emergency shows how many reporters flagged it and their latest reasons, the rest counted', async () => {
    const reasons = ['Copied photos', 'Fake clinic', 'Wallet reused', 'Seen elsewhere', 'Old news']
    stubApi({
      'GET /api/emergency/admin/flagged/': () => ({
        body: page([
          flagged(
            7,
            'Clinic roof',
            reasons.map((reason, n) => flag(n + 1, reason, n + 1)),
          ),
          flagged(8, 'School bus', [flag(9, 'Never heard of it', 5)]),
        ]),
      }),
    })
    renderAt('/admin/flagged', routes)
    const roof = (await screen.findByRole('link', { name: 'Clinic roof' })).closest('tr')!
    expect(within(roof).getByText('5 flags')).toBeTruthy()
    for (const reason of reasons.slice(0, 3)) expect(within(roof).getByText(reason)).toBeTruthy()
    expect(within(roof).queryByText('Seen elsewhere')).toBeNull()
    expect(within(roof).getByText('and 2 more')).toBeTruthy()
    const bus = screen.getByRole('link', { name: 'School bus' }).closest('tr')!
    expect(within(bus).getByText('1 flag')).toBeTruthy()
    expect(within(bus).getByText('Never heard of it')).toBeTruthy()
  })

  test('Triage sits beside Approve and Reject, sends the triage review and reloads the list', async () => {
    let triaged = false
    const calls = stubApi({
      'GET /api/emergency/admin/flagged/': () => ({
        body: page([flagged(7, 'Clinic roof', [flag(1, 'Copied photos', 2)], triaged)]),
      }),
      'POST /api/emergency/admin/7/review/': () => {
        triaged = true
        return { body: { message: 'Emergency marked as under review.' } }
      },
    })
    renderAt('/admin/flagged', routes)
    const row = (await screen.findByRole('link', { name: 'Clinic roof' })).closest('tr')!
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Approve', 'Triage', 'Reject'])
    await userEvent.click(within(row).getByRole('button', { name: 'Triage' }))
    const dialog = await screen.findByRole('dialog', { name: REVIEW_TEXT.triage.title })
    expect(within(dialog).getByText(REVIEW_TEXT.triage.text)).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Triage' }))
    expect(await screen.findByText('Emergency marked as under review.')).toBeTruthy()
    expect(calls.find((call) => call.key === 'POST /api/emergency/admin/7/review/')?.body).toEqual({
      action: 'triage',
    })
    // Triaged: it shows as under review, and the action is not offered twice.
    expect(await screen.findByText('Under review (triaged)')).toBeTruthy()
    const after = screen.getByRole('link', { name: 'Clinic roof' }).closest('tr')!
    expect(within(after).queryByRole('button', { name: 'Triage' })).toBeNull()
  })
})
