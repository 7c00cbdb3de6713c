import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { tokenAtom, walletAtom } from '../../state/auth.atoms'
import { renderAt, resetApp, store, stubApi } from '../../testing/harness'
import CreateCampaignPage from './CreateCampaignPage'

const MB = 1024 * 1024
const WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
const image = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' })
const IMAGE_ZONE = /Add the campaign image/

async function open(created?: () => { status: number; body: unknown }) {
  const calls = stubApi({
    'GET /api/config/': () => ({ body: { max_upload_bytes: 5 * MB } }),
    'GET /api/airdrop/kyc/me/': () => ({ body: { status: 'approved' } }),
    ...(created && { 'POST /api/airdrop/campaigns/create/': created }),
  })
  renderAt('/airdrop/create', [{ path: '/airdrop/create', element: <CreateCampaignPage /> }])
  await screen.findByRole('form', { name: 'Campaign' })
  return calls
}

describe('creating a campaign', () => {
  beforeEach(() => {
    resetApp()
    store.set(walletAtom, WALLET)
    store.set(tokenAtom, 'token')
    URL.createObjectURL = vi.fn(() => 'blob:preview')
    URL.revokeObjectURL = vi.fn()
  })

  test('takes the image in the drop zone of /create: refused over 5 MB when picked, by name; else previewed', async () => {
    await open()
    await screen.findByText(/JPEG, PNG or WebP, up to 5 MB/)
    const zone = screen.getByLabelText(IMAGE_ZONE) as HTMLInputElement
    expect(zone.multiple).toBe(false)
    fireEvent.change(zone, { target: { files: [image('poster.png', 5 * MB + 1)] } })
    expect(screen.getByRole('alert').textContent).toBe(
      'poster.png: File too large. Maximum allowed size is 5MB.',
    )
    fireEvent.change(zone, { target: { files: [image('logo.png')] } })
    expect(await screen.findByRole('img', { name: 'New image logo.png' })).toBeTruthy()
  })

  test("tells the server's reason by its code, also when the server is busy", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const busy = 'The service is busy. Please retry in a moment.'
    await open(() => ({ status: 503, body: { error: busy, code: 'database_busy' } }))
    fireEvent.change(screen.getByLabelText('Project name'), { target: { value: 'Solar Seeds' } })
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Solar kits.' } })
    fireEvent.change(screen.getByLabelText('SOL goal'), { target: { value: '25' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create Campaign' }))
    const form = within(screen.getByRole('form', { name: 'Campaign' }))
    await waitFor(() => expect(form.getByRole('alert').textContent).toBe(busy))
  })
})
