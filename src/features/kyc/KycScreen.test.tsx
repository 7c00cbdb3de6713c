import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { tokenAtom, walletAtom } from '../../state/auth.atoms'
import { renderAt, resetApp, store, stubApi } from '../../testing/harness'
import InvestorKycPage from './InvestorKycPage'
import { KYC_STATE_TEXT } from './KycScreen'

const submission = (status: 'pending' | 'approved' | 'rejected', reason: string | null = null) => ({
  id: 3,
  full_name: 'Pat Pending',
  country: 'Portugal',
  full_address: 'Rua Augusta 1, Lisboa',
  id_type: 'national_id',
  status,
  rejection_reason: reason,
  submitted_at: '2026-11-27T10:00:00Z',
  id_image: 'https://lifeline.test/api/airdrop/kyc/3/id-image/',
})
const kycPage = () =>
  renderAt('/investor/kyc', [
    { path: '/investor/kyc', element: <InvestorKycPage /> },
    { path: '/investor/dashboard', element: <h1>Investor dashboard</h1> },
  ])

describe('the KYC screen', () => {
  beforeEach(() => {
    resetApp()
    store.set(walletAtom, 'W')
    store.set(tokenAtom, 't')
  })
  afterEach(() => vi.unstubAllGlobals())

  it('while a KYC is pending, shows that it is under review, not a blank form', async () => {
    stubApi({ 'GET /api/airdrop/kyc/me/': () => ({ body: submission('pending') }) })
    kycPage()
    expect(await screen.findByText(KYC_STATE_TEXT.pending)).toBeTruthy()
    expect(screen.queryByRole('form', { name: 'KYC' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/investor/dashboard')
  })

  it('after a rejection, gives the reason and the form filled with what was sent', async () => {
    stubApi({
      'GET /api/airdrop/kyc/me/': () => ({ body: submission('rejected', 'The ID photo is blurred.') }),
    })
    kycPage()
    expect(await screen.findByText('The ID photo is blurred.')).toBeTruthy()
    const form = within(screen.getByRole('form', { name: 'KYC' }))
    expect((form.getByLabelText('Full name') as HTMLInputElement).value).toBe('Pat Pending')
    expect((form.getByLabelText('Country') as HTMLInputElement).value).toBe('Portugal')
    expect((form.getByLabelText('Full address') as HTMLTextAreaElement).value).toBe('Rua Augusta 1, Lisboa')
    expect((form.getByLabelText('ID type') as HTMLSelectElement).value).toBe('national_id')
  })

  it('with nothing sent yet, shows the empty form', async () => {
    stubApi({ 'GET /api/airdrop/kyc/me/': () => ({ body: { status: 'not_submitted' } }) })
    kycPage()
    const form = within(await screen.findByRole('form', { name: 'KYC' }))
    expect((form.getByLabelText('Full name') as HTMLInputElement).value).toBe('')
  })
})
