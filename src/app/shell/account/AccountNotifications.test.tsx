import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { tokenAtom, walletAtom } from '../../../state/auth.atoms'
import { renderAt, resetApp, store, stubApi } from '../../../testing/harness'
import { TabBar } from '../TabBar'
import { AccountButton } from './AccountButton'
import { AccountHost } from './AccountHost'

const WALLET = 'Wallet1111'
const notice = (id: number, title: string, read = false) => ({
  id,
  kind: 'emergency_confirmed_scam',
  emergency_id: id + 100,
  emergency_title: title,
  message: `An emergency you donated to, "${title}", was confirmed as a scam by our review team.`,
  created_at: new Date(Date.now() - id * 3_600_000).toISOString(),
  read_at: read ? '2026-11-27T10:00:00Z' : null,
})
const routes = [
  {
    path: '/',
    element: (
      <>
        <AccountButton />
        <TabBar />
        <AccountHost />
      </>
    ),
  },
]

describe('notifications in the account sheet', () => {
  beforeEach(() => {
    resetApp()
    store.set(walletAtom, WALLET)
    store.set(tokenAtom, 'token')
  })
  afterEach(() => vi.unstubAllGlobals())

  test('the account chip counts the unread ones; opening the sheet shows them, newest first, and marks them read', async () => {
    let unread = 2
    const calls = stubApi({
      'GET /api/notifications/unread/': () => ({ body: { unread } }),
      'GET /api/notifications/': () => ({
        body: {
          count: 3,
          next: null,
          previous: null,
          results: [notice(1, 'Clinic roof'), notice(2, 'School bus'), notice(3, 'Old one', true)],
        },
      }),
      'POST /api/notifications/read/': (body) => {
        unread = 0
        return { body: { marked: (body as { ids: number[] }).ids.length } }
      },
    })
    renderAt('/', routes)
    const chip = await screen.findByRole(
      'button',
      { name: `Account ${WALLET}, 2 unread notifications` },
      { timeout: 5000 },
    )
    expect(within(chip).getByText('2')).toBeTruthy()
    // The phone's Account tab says it too.
    const tab = screen.getByRole('button', { name: 'Account, 2 unread notifications' })
    expect(within(tab).getByText('2')).toBeTruthy()

    await userEvent.click(chip)
    const sheet = await screen.findByRole('dialog', { name: 'Account' })
    const list = within(sheet).getByRole('region', { name: 'Notifications' })
    const items = await within(list).findAllByRole('listitem', {}, { timeout: 5000 })
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      notice(1, 'Clinic roof').message,
      notice(2, 'School bus').message,
      notice(3, 'Old one').message,
    ])
    // Seen now: still marked New while on screen, and the chip's count is gone.
    expect(items.map((item) => within(item).queryByText('New') !== null)).toEqual([true, true, false])
    await waitFor(() =>
      expect(calls.find((call) => call.key === 'POST /api/notifications/read/')?.body).toEqual({
        ids: [1, 2],
      }),
    )
    await waitFor(() => expect(screen.getByRole('button', { name: `Account ${WALLET}` })).toBeTruthy())
    expect(screen.queryByRole('button', { name: /unread notifications/ })).toBeNull()
  })

  test('with none, the sheet says so and the chip shows no count', async () => {
    stubApi({
      'GET /api/notifications/unread/': () => ({ body: { unread: 0 } }),
      'GET /api/notifications/': () => ({ body: { count: 0, next: null, previous: null, results: [] } }),
    })
    renderAt('/', routes)
    await userEvent.click(await screen.findByRole('button', { name: `Account ${WALLET}` }))
    const sheet = await screen.findByRole('dialog', { name: 'Account' })
    expect(await within(sheet).findByText('No notifications yet.')).toBeTruthy()
  })
})
