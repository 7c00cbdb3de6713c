import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { renderAt, resetApp } from '../testing/harness'
import { NotificationsSwitch } from './NotificationsSwitch'

const IOS_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1'

const show = () => renderAt('/dashboard', [{ path: '/dashboard', element: <NotificationsSwitch /> }])
const theSwitch = () => screen.getByRole('switch', { name: 'Notifications on this device' })

describe("the dashboard's notification switch", () => {
  beforeEach(resetApp)
  afterEach(() => vi.restoreAllMocks())

  test('is off and cannot be turned on in a browser without notifications, and says why', async () => {
    show()
    expect(await screen.findByText('This browser cannot show notifications.')).toBeTruthy()
    expect((theSwitch() as HTMLInputElement).checked).toBe(false)
    expect((theSwitch() as HTMLInputElement).disabled).toBe(true)
  })

  test('in iPhone Safari, is off and says notifications need the app on the home screen', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IOS_SAFARI)
    show()
    expect(await screen.findByText('Notifications need Lifeline on your home screen.')).toBeTruthy()
    expect((theSwitch() as HTMLInputElement).disabled).toBe(true)
    expect(screen.getByRole('button', { name: 'Show me how' })).toBeTruthy()
  })
})
