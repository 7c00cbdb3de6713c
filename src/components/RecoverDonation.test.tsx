import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { Donation } from '../lib/donations.api'
import { tokenAtom } from '../state/auth.atoms'
import { renderAt, resetApp, store, stubApi } from '../testing/harness'
import { RECEIPT_LINK_TEXT } from './ReceiptLink'
import { emergencyIdOf, foundText, RECOVER_TEXT, RecoverDonation } from './RecoverDonation'

const SIG = '3'.repeat(88)
const donation = {
  id: 7,
  currency: 'SOL',
  amount: '0.25',
  tip_amount: '0',
  tip_included: false,
  comment: null,
  created_at: '2026-11-28T08:00:00Z',
  emergency_id: 12,
  emergency_title: 'Roof after the storm',
  tx_hash: SIG,
  donor_wallet: 'Donor111111111111111111111111111111111111',
  donor_registered: true,
} as Donation

function show(props: { emergencyId?: number; onRecovered?: (d: Donation) => void } = { emergencyId: 12 }) {
  renderAt('/donate/12', [
    { path: '/donate/:id', element: <RecoverDonation title={RECOVER_TEXT.onDonatePage} {...props} /> },
  ])
}

async function openAndPaste(signature = SIG) {
  await userEvent.click(screen.getByText(RECOVER_TEXT.onDonatePage))
  await userEvent.type(screen.getByLabelText(RECOVER_TEXT.signature), signature)
}

describe('recovering a donation by its signature', () => {
  beforeEach(() => {
    resetApp()
    store.set(tokenAtom, 'jwt')
  })
  afterEach(() => vi.unstubAllGlobals())

  test('counts the donation the server proves, says so and links its receipt', async () => {
    const calls = stubApi({ 'POST /api/emergency/donate/recover/': () => ({ status: 201, body: donation }) })
    const onRecovered = vi.fn()
    show({ emergencyId: 12, onRecovered })
    await openAndPaste()
    await userEvent.click(screen.getByRole('button', { name: RECOVER_TEXT.submit }))
    expect(await screen.findByText(foundText(donation), { exact: false })).toBeTruthy()
    expect(screen.getByRole('link', { name: RECEIPT_LINK_TEXT }).getAttribute('href')).toBe(`/receipt/${SIG}`)
    expect(calls.map((c) => [c.key, c.body])).toEqual([
      ['POST /api/emergency/donate/recover/', { emergency_id: 12, tx_hash: SIG }],
    ])
    expect(onRecovered).toHaveBeenCalledWith(donation)
  })

  test('says a signature already recorded is, with its receipt', async () => {
    stubApi({
      'POST /api/emergency/donate/recover/': () => ({
        status: 409,
        body: { error: 'already been processed', code: 'donation_already_recorded', donation },
      }),
    })
    show()
    await openAndPaste()
    await userEvent.click(screen.getByRole('button', { name: RECOVER_TEXT.submit }))
    expect(await screen.findByText(RECOVER_TEXT.already, { exact: false })).toBeTruthy()
    expect(screen.getByRole('link', { name: RECEIPT_LINK_TEXT })).toBeTruthy()
  })

  /** The server refuses with a 422 of `code` in `words`: the form tells them. */
  async function refusedWith(code: string, words: string) {
    stubApi({
      'POST /api/emergency/donate/recover/': () => ({
        status: 422,
        body: { error: words, detail: 'x', code },
      }),
    })
    show()
    await openAndPaste()
    await userEvent.click(screen.getByRole('button', { name: RECOVER_TEXT.submit }))
    expect((await screen.findByRole('alert')).textContent).toBe(`${RECOVER_TEXT.refused} ${words}`)
  }

  test("a boost's or a fee's signature is refused in the server's words, not taken for a recorded donation", async () => {
    await refusedWith('payment_already_processed', 'already been processed')
    expect(screen.queryByText(RECOVER_TEXT.already, { exact: false })).toBeNull()
  })

  test("tells the verifier's reason when the transaction proves no donation", async () => {
    await refusedWith('payment_not_verified', 'not signed by your wallet')
  })

  test('refuses text that is no signature without asking the server', async () => {
    const calls = stubApi({})
    show()
    await openAndPaste('not-a-signature')
    await userEvent.click(screen.getByRole('button', { name: RECOVER_TEXT.submit }))
    expect(screen.getByText(RECOVER_TEXT.badSignature)).toBeTruthy()
    expect(calls).toEqual([])
  })

  test('on the dashboard, asks which emergency, from its link or its number', async () => {
    const calls = stubApi({ 'POST /api/emergency/donate/recover/': () => ({ status: 201, body: donation }) })
    show({})
    await openAndPaste()
    await userEvent.click(screen.getByRole('button', { name: RECOVER_TEXT.submit }))
    expect(screen.getByText(RECOVER_TEXT.badEmergency)).toBeTruthy()
    await userEvent.type(screen.getByLabelText(RECOVER_TEXT.emergency), 'https://lifeline.example/donate/12')
    await userEvent.click(screen.getByRole('button', { name: RECOVER_TEXT.submit }))
    expect(await screen.findByText(foundText(donation), { exact: false })).toBeTruthy()
    expect(calls[0]?.body).toEqual({ emergency_id: 12, tx_hash: SIG })
    expect([emergencyIdOf('12'), emergencyIdOf('/donate/7/'), emergencyIdOf('twelve')]).toEqual([
      12,
      7,
      undefined,
    ])
  })

  test('asks a signed-out visitor to sign in first, and comes back here after', async () => {
    store.set(tokenAtom, null)
    show()
    await userEvent.click(screen.getByText(RECOVER_TEXT.onDonatePage))
    expect(screen.getByText(RECOVER_TEXT.signIn, { exact: false })).toBeTruthy()
    expect(screen.getByRole('link', { name: RECOVER_TEXT.signInLink }).getAttribute('href')).toBe(
      '/login?redirect=%2Fdonate%2F12',
    )
  })
})
