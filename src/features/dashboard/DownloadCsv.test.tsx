import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { tokenAtom } from '../../state/auth.atoms'
import { toastsAtom } from '../../state/toast.atoms'
import { renderAt, resetApp, store, stubApi } from '../../testing/harness'
import { CSV_TEXT, DownloadCsv } from './DownloadCsv'

const show = () =>
  renderAt('/dashboard', [
    {
      path: '/dashboard',
      element: <DownloadCsv path="/api/emergency/12/donations.csv" label={CSV_TEXT.emergency} />,
    },
  ])

describe('a CSV download button', () => {
  beforeEach(() => {
    resetApp()
    store.set(tokenAtom, 'jwt')
  })
  afterEach(() => {
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })

  test('asks for a download link to the export and follows it, so the browser saves the file as it streams', async () => {
    const url = 'http://localhost/api/emergency/12/donations.csv?download_token=t'
    const calls = stubApi({
      'POST /api/download-links/': () => ({ status: 201, body: { url, expires_at: '2026-11-28T09:00:00Z' } }),
    })
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    show()
    await userEvent.click(screen.getByRole('button', { name: CSV_TEXT.emergency }))
    await waitFor(() => expect(open).toHaveBeenCalledWith(url, '_self'))
    expect(calls.map((c) => [c.key, c.body, c.headers.Authorization])).toEqual([
      ['POST /api/download-links/', { path: '/api/emergency/12/donations.csv' }, 'Bearer jwt'],
    ])
  })

  test('says so, and why, when the download cannot start', async () => {
    stubApi({
      'POST /api/download-links/': () => ({
        status: 503,
        body: { error: 'The service is busy. Please try again shortly.', code: 'service_unavailable' },
      }),
    })
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    show()
    await userEvent.click(screen.getByRole('button', { name: CSV_TEXT.emergency }))
    await waitFor(() =>
      expect(store.get(toastsAtom)).toMatchObject([
        { kind: 'error', text: `${CSV_TEXT.failed} The service is busy. Please try again shortly.` },
      ]),
    )
    expect(open).not.toHaveBeenCalled()
  })
})
