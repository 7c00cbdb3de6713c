import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { tokenAtom } from '../../state/auth.atoms'
import { renderAt, resetApp, store, stubApi } from '../../testing/harness'
import ChatPage from './ChatPage'
import { chatWith } from './chat-rules'

const about = {
  campaign_id: 4,
  project_name: 'Solar pumps for Turkana',
  developer_name: 'Grace Hopper',
  investor_name: 'Ada Lovelace',
  your_role: 'Investor' as const,
}

describe('a chat on a phone', () => {
  beforeEach(() => {
    resetApp()
    vi.unstubAllGlobals()
    store.set(tokenAtom, 'A')
  })

  test('names the campaign and the other party in its header', async () => {
    stubApi({
      'GET /api/airdrop/chat/s1/': () => ({ body: about }),
      'GET /api/airdrop/chat/s1/messages/': () => ({ body: [] }),
      'GET /api/airdrop/chat/s1/upload-doc/': () => ({ body: [] }),
    })
    renderAt('/chat/s1', [{ path: '/chat/:session_id', element: <ChatPage /> }])
    const title = await screen.findByRole('link', { name: 'Solar pumps for Turkana' })
    expect(title.getAttribute('href')).toBe('/airdrops/view/4')
    expect(screen.getByText('With Grace Hopper (Developer)')).toBeTruthy()
  })

  test('Enter makes a new line; Send sends', async () => {
    const calls = stubApi({
      'GET /api/airdrop/chat/s1/': () => ({ body: about }),
      'GET /api/airdrop/chat/s1/messages/': () => ({ body: [] }),
      'GET /api/airdrop/chat/s1/upload-doc/': () => ({ body: [] }),
      'POST /api/airdrop/chat/s1/send/': (body) => ({
        status: 201,
        body: {
          id: 1,
          sender_role: 'Investor',
          sender_fullname: 'Ada Lovelace',
          sender_email: 'ada@example.com',
          message: (body as { message: string }).message,
          created_at: '2026-11-28T09:00:00Z',
        },
      }),
    })
    renderAt('/chat/s1', [{ path: '/chat/:session_id', element: <ChatPage /> }])
    await screen.findByText('No messages yet. Say hello.')
    const box = screen.getByLabelText('Message')
    await userEvent.type(box, 'First line{Enter}second line')
    expect((box as HTMLTextAreaElement).value).toBe('First line\nsecond line')
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false)
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() =>
      expect(calls.find((call) => call.key === 'POST /api/airdrop/chat/s1/send/')?.body).toEqual({
        message: 'First line\nsecond line',
      }),
    )
  })

  test('a stranger (the forbidden code) is told so and leaves for /unauthorized', async () => {
    const refused = { status: 403, body: { error: 'Forbidden', code: 'forbidden' } }
    stubApi({
      'GET /api/airdrop/chat/s1/': () => refused,
      'GET /api/airdrop/chat/s1/messages/': () => refused,
      'GET /api/airdrop/chat/s1/upload-doc/': () => refused,
    })
    const { router } = renderAt('/chat/s1', [
      { path: '/chat/:session_id', element: <ChatPage /> },
      { path: '/unauthorized', element: <h1>Unauthorized</h1> },
    ])
    expect(await screen.findByText('You are not authorized to view this chat.')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/unauthorized')
  })

  test('an admin reading the chat sees both parties; a missing KYC name says the side', () => {
    expect(chatWith({ ...about, your_role: null })).toBe(
      'Between Grace Hopper (Developer) and Ada Lovelace (Investor)',
    )
    expect(chatWith({ ...about, your_role: 'Developer', investor_name: null })).toBe(
      'With the investor (Investor)',
    )
  })
})
