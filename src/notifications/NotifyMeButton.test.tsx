import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { tokenAtom } from '../state/auth.atoms'
import { renderAt, resetApp, store, stubApi } from '../testing/harness'
import { NotifyMeButton } from './NotifyMeButton'

const IOS_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1'
const IOS_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/140.0.0.0 Mobile/15E148 Safari/604.1'

/** A browser with web push (jsdom has none): no subscription yet, and `answer` to the permission prompt. */
function pushCapableBrowser(answer: NotificationPermission) {
  const requestPermission = vi.fn(async () => answer)
  vi.stubGlobal('PushManager', class {})
  vi.stubGlobal('Notification', { permission: 'default', requestPermission })
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => undefined },
  })
  return requestPermission
}

const show = () =>
  renderAt('/donate/3', [
    { path: '/donate/:id', element: <NotifyMeButton emergencyId={3} /> },
    { path: '/login', element: <h1>Log in</h1> },
  ])
const notifyMe = () => screen.getByRole('button', { name: 'Notify me of updates' })

describe('"Notify me of updates"', () => {
  beforeEach(resetApp)
  afterEach(() => {
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
    delete (navigator as { serviceWorker?: unknown }).serviceWorker
  })

  test('in iPhone Safari, says notifications need the app on the home screen and shows how to add it', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IOS_SAFARI)
    const calls = stubApi({})
    show()
    await userEvent.click(notifyMe())
    expect(screen.getByText('Notifications need Lifeline on your home screen.')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Show me how' }))
    expect(await screen.findByRole('dialog')).toBeTruthy()
    expect(calls).toEqual([])
  })

  test('in another iPhone browser, says to add the app from Safari', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IOS_CHROME)
    stubApi({})
    show()
    await userEvent.click(notifyMe())
    expect(screen.getByText(/Open this page in Safari, add it to your home screen/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Show me how' })).toBeNull()
  })

  test('a browser without notifications says so', async () => {
    stubApi({})
    show()
    await userEvent.click(notifyMe())
    expect(await screen.findByText('This browser cannot show notifications.')).toBeTruthy()
  })

  test('signed out, leads to log in and back, without asking for the permission', async () => {
    const asked = pushCapableBrowser('granted')
    stubApi({})
    const { router } = show()
    await userEvent.click(notifyMe())
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy()
    expect(router.state.location.search).toBe('?redirect=%2Fdonate%2F3')
    expect(asked).not.toHaveBeenCalled()
  })

  test('asks for the permission only on the tap; refused, it follows nothing and says how to allow it', async () => {
    const asked = pushCapableBrowser('denied')
    store.set(tokenAtom, 'jwt')
    const calls = stubApi({ 'GET /api/emergency/3/follow/': () => ({ body: { following: false } }) })
    show()
    await waitFor(() => expect(calls.map((call) => call.key)).toEqual(['GET /api/emergency/3/follow/']))
    expect(asked).not.toHaveBeenCalled()
    await userEvent.click(notifyMe())
    expect(asked).toHaveBeenCalledOnce()
    expect(await screen.findByText(/Notifications are blocked for Lifeline/)).toBeTruthy()
    expect(notifyMe().getAttribute('aria-pressed')).toBe('false')
    expect(calls.map((call) => call.key)).toEqual(['GET /api/emergency/3/follow/'])
  })
})
