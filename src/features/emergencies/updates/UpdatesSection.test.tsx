import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { Emergency } from '../../../lib/emergencies.api'
import type { EmergencyUpdate } from '../../../lib/updates.api'
import { tokenAtom, userAtom } from '../../../state/auth.atoms'
import { renderAt, resetApp, store, stubApi } from '../../../testing/harness'
import { UpdatesSection } from './UpdatesSection'

const OWNER = 7
const emergency = {
  id: 3,
  title: 'Clinic generator',
  owner: { id: OWNER, wallet_address: 'x' },
} as Emergency
const update = (id: number, text: string, images = 0): EmergencyUpdate => ({
  id,
  emergency_id: 3,
  text,
  images: Array.from({ length: images }, (_, i) => ({ id: id * 10 + i, image: `/media/u${id}-${i}.jpg` })),
  created_at: '2026-01-01T00:00:00Z',
})
const page = (results: EmergencyUpdate[], count = results.length, next: string | null = null) => ({
  count,
  next,
  previous: null,
  results,
})
const firstRead = (results: EmergencyUpdate[], count?: number, next?: string | null) => ({
  url: '/api/emergency/3/updates/?page=1',
  data: page(results, count, next),
})

function signIn(id: number, isAdmin = false) {
  store.set(tokenAtom, 'jwt')
  store.set(userAtom, {
    id,
    wallet_address: 'w',
    email: 'e@example.com',
    is_admin: isAdmin,
    kyc: { status: 'none' },
    created_at: '2026-01-01T00:00:00Z',
  } as never)
}

const show = (first = firstRead([])) =>
  renderAt('/donate/3', [
    { path: '/donate/:id', element: <UpdatesSection emergency={emergency} first={first} /> },
  ])

describe("an emergency's updates", () => {
  beforeEach(resetApp)
  afterEach(() => {
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })

  test('a visitor reads them newest first, with their photos, and loads more on request', async () => {
    const calls = stubApi({
      'GET /api/emergency/3/updates/': (_body, url) => {
        expect(url.searchParams.get('page')).toBe('2')
        return { body: page([update(1, 'We ordered the generator.')], 3) }
      },
    })
    show(
      firstRead([update(3, 'It arrived!', 2), update(2, 'Shipped.')], 3, '/api/emergency/3/updates/?page=2'),
    )
    expect(screen.getByRole('heading', { name: 'Updates (3)' })).toBeTruthy()
    expect(screen.getByText('It arrived!').compareDocumentPosition(screen.getByText('Shipped.'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    )
    expect(screen.getByRole('img', { name: 'Photo 2 of 2 of this update' })).toBeTruthy()
    expect(screen.queryByRole('form', { name: 'Post an update' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull()

    await userEvent.click(screen.getByRole('button', { name: 'More updates' }))
    expect(await screen.findByText('We ordered the generator.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'More updates' })).toBeNull()
    expect(screen.getByRole('heading', { name: 'Updates (3)' })).toBeTruthy()
    expect(calls.map((call) => call.key)).toEqual(['GET /api/emergency/3/updates/'])
  })

  test('says when there is none yet', () => {
    show()
    expect(screen.getByText('No updates yet.')).toBeTruthy()
  })

  test('the owner posts one: checked first, then shown on top without a reload', async () => {
    signIn(OWNER)
    const calls = stubApi({
      'POST /api/emergency/3/updates/': () => ({ status: 201, body: update(9, 'Light is back.') }),
    })
    show(firstRead([update(2, 'Shipped.')]))
    const form = await screen.findByRole('form', { name: 'Post an update' })
    await userEvent.click(within(form).getByRole('button', { name: 'Post update' }))
    expect(within(form).getByRole('alert').textContent).toBe('Please write the update.')
    const posts = () => calls.filter((call) => call.key.startsWith('POST'))
    expect(posts()).toEqual([])

    await userEvent.type(within(form).getByLabelText('What’s new?'), 'Light is back.')
    expect(within(form).getByText('14 / 5,000')).toBeTruthy()
    await userEvent.click(within(form).getByRole('button', { name: 'Post update' }))
    expect(await screen.findByText('Update posted.')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Updates (2)' })).toBeTruthy()
    expect(screen.getAllByText(/Light is back\.|Shipped\./).map((p) => p.textContent)).toEqual([
      'Light is back.',
      'Shipped.',
    ])
    expect((within(form).getByLabelText('What’s new?') as HTMLTextAreaElement).value).toBe('')
    expect(posts()).toHaveLength(1)
  })

  test('the owner adds up to 4 photos: the picker closes once they are chosen', async () => {
    signIn(OWNER)
    // jsdom has no object URLs for the previews
    URL.createObjectURL = (file: Blob) => `blob:${(file as File).name}`
    URL.revokeObjectURL = () => undefined
    const calls = stubApi({})
    show()
    const form = await screen.findByRole('form', { name: 'Post an update' })
    await userEvent.type(within(form).getByLabelText('What’s new?'), 'Photos of the site.')
    const input = form.querySelector('input[type="file"]') as HTMLInputElement
    const photos = [1, 2, 3, 4].map((i) => new File(['x'], `p${i}.png`, { type: 'image/png' }))
    await userEvent.upload(input, photos)
    expect(within(form).getAllByRole('img')).toHaveLength(4)
    expect(input.disabled).toBe(true)
    expect(calls.filter((call) => call.key.startsWith('POST'))).toEqual([])
  })

  test('an admin removes one after confirming; the count follows', async () => {
    signIn(99, true)
    const calls = stubApi({ 'DELETE /api/emergency/3/updates/2/': () => ({ status: 204 }) })
    show(firstRead([update(2, 'Shipped.')]))
    expect(screen.queryByRole('form', { name: 'Post an update' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }))
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Remove this update?' })).getByRole('button', {
        name: 'Yes, Remove',
      }),
    )
    expect(await screen.findByText('Update removed.')).toBeTruthy()
    await waitFor(() => expect(screen.queryByText('Shipped.')).toBeNull())
    expect(screen.getByText('No updates yet.')).toBeTruthy()
    expect(calls.map((call) => call.key)).toEqual(['DELETE /api/emergency/3/updates/2/'])
  })
})
