import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { tokenAtom, walletAtom } from '../../state/auth.atoms'
import { renderAt, resetApp, store, stubApi } from '../../testing/harness'
import EditPage, { UPDATE_TEXT } from './EditPage'
import { WALLET_LOCKED_TEXT } from './EmergencyForm'

const WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
const emergency = (locked: boolean) => ({
  id: 7,
  title: 'Clinic roof',
  description: 'The roof fell in.',
  sol_goal: '2',
  deadline: '2030-01-01',
  receiving_wallet: WALLET,
  receiving_wallet_locked: locked,
  video_url: null,
  proof_images: [],
  total_donated: locked ? '0.5' : '0',
  usdc_donated: '0',
  donation_count: locked ? 1 : 0,
  is_featured: false,
  boost_expires_at: null,
  is_flagged: false,
  owner: { id: 1, wallet_address: WALLET },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
})
/** The failure the form says under its fields (a toast says one too). */
const formAlert = () => document.querySelector('form [role="alert"]')?.textContent
const routes = [{ path: '/edit/:id', element: <EditPage /> }]

async function open(locked: boolean, saved?: () => { status: number; body: unknown }) {
  stubApi({
    'GET /api/emergency/detail/7/': () => ({ body: emergency(locked) }),
    ...(saved && { 'PATCH /api/emergency/update/7/': saved }),
  })
  renderAt('/edit/7', routes)
  return (await screen.findByLabelText('Receiving wallet')) as HTMLInputElement | HTMLTextAreaElement
}

describe('editing an emergency’s receiving wallet', () => {
  beforeEach(() => {
    resetApp()
    store.set(walletAtom, WALLET)
    store.set(tokenAtom, 'token')
  })
  afterEach(() => vi.unstubAllGlobals())

  test('once donations reached it, the wallet is read-only and the form says why', async () => {
    const input = await open(true)
    expect(input.readOnly).toBe(true)
    expect(input.value).toBe(WALLET)
    expect(input.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toContain(
      WALLET_LOCKED_TEXT,
    )
    await userEvent.type(input, 'x')
    expect(input.value).toBe(WALLET)
  })

  test('with no donation yet, the wallet can still change, with the usual warning', async () => {
    const input = await open(false)
    expect(input.readOnly).toBe(false)
    expect(screen.queryByText(WALLET_LOCKED_TEXT, { exact: false })).toBeNull()
    await userEvent.clear(input)
    await userEvent.type(input, 'So11111111111111111111111111111111111111112')
    expect(screen.getByRole('status').textContent).toContain('This is not your connected wallet.')
  })

  test("a refusal says the server's words, by its code", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const locked = 'The receiving wallet cannot change once donations reached it.'
    await open(false, () => ({ status: 409, body: { error: locked, code: 'receiving_wallet_locked' } }))
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }))
    await waitFor(() => expect(formAlert()).toBe(locked))
  })

  test("a proxy's error page (no code) says the update failed, not the proxy's words", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await open(false, () => ({ status: 502, body: { error: 'Bad Gateway' } }))
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }))
    await waitFor(() => expect(formAlert()).toBe(UPDATE_TEXT.failed))
  })

  test("the form's refusal goes once the field is typed in, not at the next submit", async () => {
    await open(false)
    const title = screen.getByLabelText('Title')
    await userEvent.clear(title)
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(formAlert()).toBe('Please enter a title.')
    await userEvent.type(title, 'Clinic roof, again')
    expect(formAlert()).toBeUndefined()
  })
})
