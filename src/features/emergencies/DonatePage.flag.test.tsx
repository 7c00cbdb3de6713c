import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { walletAtom } from '../../state/auth.atoms'
import { toastsAtom } from '../../state/toast.atoms'
import { renderAt, resetApp, store, stubApi } from '../../testing/harness'
import { donateRoute } from './donate-route.testing'
import { REVIEW_WARNING } from './DonatePage'

const OWNER = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
const emergency = (flagged = false) => ({
  id: 7,
  title: 'Clinic roof',
  description: 'The roof fell in.',
  sol_goal: '2',
  deadline: '2030-01-01',
  receiving_wallet: OWNER,
  receiving_wallet_locked: false,
  video_url: null,
  proof_images: [],
  total_donated: '0.5',
  usdc_donated: '0',
  donation_count: 1,
  is_featured: false,
  boost_expires_at: null,
  is_flagged: flagged,
  owner: { id: 1, wallet_address: OWNER },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
})
const nothing = { count: 0, next: null, previous: null, results: [] }

const Form = () => <button type="button">Donate with Phantom</button>
const routes = [donateRoute(Form)]

function serve(flagAnswer: { status?: number; body?: unknown }, flagged = false) {
  return stubApi({
    'GET /api/emergency/detail/7/': () => ({ body: emergency(flagged) }),
    'GET /api/emergency/7/donations/': () => ({ body: nothing }),
    'GET /api/emergency/7/updates/': () => ({ body: nothing }),
    'POST /api/emergency/7/flag/': () => flagAnswer,
  })
}

async function flag(reason: string) {
  await userEvent.click(await screen.findByRole('button', { name: '⚑ Flag as Scam' }))
  const dialog = await screen.findByRole('dialog')
  await userEvent.type(within(dialog).getByLabelText('Reason'), reason)
  await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Flag' }))
  return dialog
}

describe('flagging an emergency from its page', () => {
  beforeEach(resetApp)
  afterEach(() => {
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })

  test('a recorded flag says so in the section and does not brand the page Under Review by itself', async () => {
    const calls = serve({ body: { message: "Campaign flagged. We'll review it shortly." } })
    renderAt('/donate/7', routes)
    await flag('Copied photos')
    const report = screen.getByRole('region', { name: 'Report' })
    expect(await within(report).findByRole('status')).toHaveProperty(
      'textContent',
      "Campaign flagged. We'll review it shortly.",
    )
    expect(within(report).queryByRole('button', { name: '⚑ Flag as Scam' })).toBeNull()
    expect(screen.queryByText('Under Review')).toBeNull()
    expect(calls.find((call) => call.key === 'POST /api/emergency/7/flag/')?.body).toEqual({
      reason: 'Copied photos',
    })
  })

  test('a second flag from the same reporter is told as the flag they already made, with no failure toast', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const already = 'You have already flagged this emergency. We will review it shortly.'
    serve({ status: 409, body: { error: already, detail: already, code: 'already_flagged' } })
    renderAt('/donate/7', routes)
    await flag('Copied photos')
    expect(await screen.findByRole('status')).toHaveProperty('textContent', already)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(store.get(toastsAtom).filter((toast) => toast.kind === 'error')).toEqual([])
  })

  test('a flag refused while an admin’s clearance cools down says until when, in the form', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const cooldown =
      'An admin reviewed this emergency recently and cleared it. It can be flagged again after 2026-11-29 10:00 UTC.'
    serve({ status: 409, body: { error: cooldown, detail: cooldown, code: 'flag_cooldown' } })
    renderAt('/donate/7', routes)
    const dialog = await flag('Still looks fake')
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', cooldown)
    expect(store.get(toastsAtom).filter((toast) => toast.kind === 'error')).toEqual([])
  })

  test('the owner’s refusal is told by its code too', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const own = 'You cannot flag your own emergency.'
    serve({ status: 403, body: { error: own, detail: own, code: 'own_emergency' } })
    renderAt('/donate/7', routes)
    const dialog = await flag('Mine')
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', own)
  })

  test('the owner, with their wallet connected, is never offered "Flag as Scam"', async () => {
    store.set(walletAtom, OWNER)
    serve({})
    renderAt('/donate/7', routes)
    expect(await screen.findByRole('heading', { name: 'Clinic roof' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: '⚑ Flag as Scam' })).toBeNull()
    expect(screen.queryByRole('region', { name: 'Report' })).toBeNull()
  })
})

describe('an emergency under review', () => {
  beforeEach(resetApp)
  afterEach(() => vi.unstubAllGlobals())

  test('warns the donor above the donate button, before any wallet is asked to sign', async () => {
    serve({}, true)
    renderAt('/donate/7', routes)
    const warning = await screen.findByRole('note', { name: REVIEW_WARNING.title })
    expect(warning.textContent).toContain(REVIEW_WARNING.text)
    const donate = screen.getByRole('button', { name: 'Donate with Phantom' })
    expect(warning.compareDocumentPosition(donate) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(screen.getByText('Under Review')).toBeTruthy()
  })

  test('an emergency not under review shows no warning', async () => {
    serve({})
    renderAt('/donate/7', routes)
    expect(await screen.findByRole('heading', { name: 'Clinic roof' })).toBeTruthy()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Donate with Phantom' })).toBeTruthy())
    expect(screen.queryByRole('note', { name: REVIEW_WARNING.title })).toBeNull()
  })
})
