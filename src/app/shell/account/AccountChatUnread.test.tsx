// Unread chat messages in the navigation: the account chip and the Account tab count them, the account sheet puts
// them beside the screen that leads to their chats, each chat link carries its own, and opening the room clears it.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Outlet } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { ChatUnread } from '../../../../api-contract/chat'
import { ChatLink } from '../../../components/ChatLink'
import ChatPage from '../../../features/chat/ChatPage'
import { tokenAtom, walletAtom } from '../../../state/auth.atoms'
import { renderAt, resetApp, store, stubApi } from '../../../testing/harness'
import { TabBar } from '../TabBar'
import { AccountButton } from './AccountButton'
import { AccountHost } from './AccountHost'

const WALLET = 'Wallet1111'
const ROOM = '6f1c1f0e-6c43-4f43-9b55-1a0d3b1f2a10'
const OTHER = '0b7f4b1e-2b8f-4d3c-8e57-3c4b2a1f0e99'
const routes = [
  {
    element: (
      <>
        <AccountButton />
        <TabBar />
        <AccountHost />
        <Outlet />
      </>
    ),
    children: [
      { path: '/', element: <ChatLink session={ROOM} label="Open chat" /> },
      { path: '/chat/:session_id', element: <ChatPage /> },
    ],
  },
]
const message = (id: number) => ({
  id,
  sender_role: 'Developer',
  sender_fullname: 'Olivia Owner',
  sender_email: 'olivia@example.com',
  message: `Message ${id}`,
  created_at: '2026-11-28T10:00:00Z',
})

describe('unread chat messages in the navigation', () => {
  beforeEach(() => {
    resetApp()
    store.set(walletAtom, WALLET)
    store.set(tokenAtom, 'token')
  })
  afterEach(() => vi.unstubAllGlobals())

  test('the chip, the tab, the sheet and the chat link count them; opening the room clears its count', async () => {
    let unread: ChatUnread = {
      count: 12,
      sessions: [
        { session_id: ROOM, unread: 1, your_role: 'Investor' },
        { session_id: OTHER, unread: 11, your_role: 'Developer' },
      ],
    }
    const calls = stubApi({
      'GET /api/notifications/unread/': () => ({ body: { unread: 0 } }),
      'GET /api/notifications/': () => ({ body: { count: 0, next: null, previous: null, results: [] } }),
      'GET /api/airdrop/chat/unread/': () => ({ body: unread }),
      [`GET /api/airdrop/chat/${ROOM}/`]: () => ({
        body: {
          campaign_id: 4,
          project_name: 'Solar Seeds',
          developer_name: 'Olivia Owner',
          investor_name: 'Ivan Investor',
          your_role: 'Investor',
        },
      }),
      [`GET /api/airdrop/chat/${ROOM}/messages/`]: () => ({ body: [message(6), message(7)] }),
      [`GET /api/airdrop/chat/${ROOM}/upload-doc/`]: () => ({ body: [] }),
      [`POST /api/airdrop/chat/${ROOM}/read/`]: () => {
        unread = { count: 11, sessions: unread.sessions.slice(1) }
        return { body: unread }
      },
    })
    renderAt('/', routes)
    const chip = await screen.findByRole(
      'button',
      { name: `Account ${WALLET}, 12 unread messages` },
      { timeout: 5000 },
    )
    expect(within(chip).getByText('9+')).toBeTruthy()
    const tab = screen.getByRole('button', { name: 'Account, 12 unread messages' })
    expect(within(tab).getByText('9+')).toBeTruthy()
    const link = screen.getByRole('link', { name: 'Open chat, 1 unread message' })
    expect(within(link).getByText('1')).toBeTruthy()

    await userEvent.click(chip)
    const sheet = await screen.findByRole('dialog', { name: 'Account' })
    expect(within(sheet).getByRole('link', { name: 'Investor Dashboard, 1 unread message' })).toBeTruthy()
    expect(within(sheet).getByRole('link', { name: 'My Campaigns, 11 unread messages' })).toBeTruthy()
    await userEvent.click(within(sheet).getByRole('button', { name: 'Close' }))

    await userEvent.click(link)
    await screen.findByText('Message 7', {}, { timeout: 5000 })
    await screen.findByRole('button', { name: `Account ${WALLET}, 11 unread messages` }, { timeout: 5000 })
    await waitFor(() =>
      expect(calls.find((call) => call.key === `POST /api/airdrop/chat/${ROOM}/read/`)?.body).toEqual({
        last_message_id: 7,
      }),
    )
  })
})
