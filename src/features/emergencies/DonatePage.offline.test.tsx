import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Link } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { renderAt, resetApp } from '../../testing/harness'
import { donateRoute } from './donate-route.testing'
import { FETCH_FAILED_TEXT, OFFLINE_TEXT } from './useEmergency'

const routes = [
  donateRoute(),
  { path: '/public', element: <Link to="/donate/7">Clinic roof</Link> },
  { path: '/explore', element: <h1>Explore</h1> },
]
const unreachable = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  )

describe('an emergency this device has not saved', () => {
  beforeEach(resetApp)
  afterEach(() => {
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })

  test('offline, says it is not saved yet and leads back to the previous screen', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    unreachable()
    renderAt('/public', routes)
    await userEvent.click(await screen.findByRole('link', { name: 'Clinic roof' }))
    expect((await screen.findByText(OFFLINE_TEXT)).getAttribute('role')).toBe('alert')
    expect(screen.queryByText(FETCH_FAILED_TEXT)).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }))
    expect(await screen.findByRole('link', { name: 'Clinic roof' })).toBeTruthy()
  })

  test('opened offline as the first screen, offers Explore (there is nothing to go back to)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    unreachable()
    renderAt('/donate/7', routes)
    expect(await screen.findByText(OFFLINE_TEXT)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Go back' })).toBeNull()
    await userEvent.click(screen.getByRole('link', { name: 'Explore emergencies' }))
    expect(await screen.findByRole('heading', { name: 'Explore' })).toBeTruthy()
  })

  test('online, a server that cannot answer is still a failure to fetch, with no offline words', async () => {
    unreachable()
    renderAt('/donate/7', routes)
    expect(await screen.findByText(FETCH_FAILED_TEXT)).toBeTruthy()
    expect(screen.queryByText(OFFLINE_TEXT)).toBeNull()
    expect(screen.queryByRole('link', { name: 'Explore emergencies' })).toBeNull()
  })
})
