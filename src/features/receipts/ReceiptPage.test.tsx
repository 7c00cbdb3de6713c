import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { Receipt } from '../../lib/receipts.api'
import { renderAt, resetApp, store, stubApi } from '../../testing/harness'
import { toastsAtom } from '../../state/toast.atoms'
import ReceiptPage from './ReceiptPage'
import { loader } from './receipt.loader'
import { RECEIPT_TEXT } from './receipt-text'

const SIG = '5'.repeat(87)
const receipt: Receipt = {
  tx_hash: SIG,
  emergency: {
    id: 12,
    title: 'Roof after the storm',
    receiving_wallet: 'Recv1111111111111111111111111111111111111',
  },
  donor_wallet: 'Donor111111111111111111111111111111111111',
  currency: 'SOL',
  amount: '0.123456789',
  tip_amount: '0.005',
  comment: 'Stay strong',
  created_at: '2026-11-28T08:45:13.120Z',
  slot: 4242,
  block_time: '2026-11-28T08:45:12.000Z',
  cluster: 'devnet',
  explorer_url: `https://explorer.solana.com/tx/${SIG}?cluster=devnet`,
}

const open = (path = `/receipt/${SIG}`) =>
  renderAt(path, [{ path: '/receipt/:tx', element: <ReceiptPage />, loader }])

describe('the receipt page', () => {
  beforeEach(resetApp)
  afterEach(() => {
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })

  test('shows what moved, between which wallets, when, and links the transaction on the explorer', async () => {
    stubApi({ [`GET /api/receipts/${SIG}/`]: () => ({ body: receipt }) })
    open()
    expect(await screen.findByRole('heading', { name: RECEIPT_TEXT.title })).toBeTruthy()
    expect(screen.getAllByText('0.123456789 SOL')).toHaveLength(2)
    expect(screen.getByRole('link', { name: 'Roof after the storm' }).getAttribute('href')).toBe('/donate/12')
    expect(screen.getByText('0.005 SOL')).toBeTruthy()
    expect(screen.getByText(receipt.donor_wallet)).toBeTruthy()
    expect(screen.getByText(receipt.emergency.receiving_wallet)).toBeTruthy()
    expect(screen.getByText(SIG)).toBeTruthy()
    expect(screen.getByText('2026-11-28 08:45:12 UTC')).toBeTruthy()
    expect(screen.getByText('Stay strong')).toBeTruthy()
    expect(screen.getByText(RECEIPT_TEXT.notTax)).toBeTruthy()
    const verify = screen.getByRole('link', { name: `${RECEIPT_TEXT.verify} ↗` })
    expect(verify.getAttribute('href')).toBe(receipt.explorer_url)
    expect(verify.getAttribute('target')).toBe('_blank')
  })

  test('prints, and copies its own link where the Web Share API is missing', async () => {
    stubApi({
      [`GET /api/receipts/${SIG}/`]: () => ({ body: { ...receipt, tip_amount: '0', comment: null } }),
    })
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined)
    const writeText = vi.fn().mockResolvedValue(undefined)
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } })
    open()
    await userEvent.click(await screen.findByRole('button', { name: RECEIPT_TEXT.print }))
    expect(print).toHaveBeenCalledOnce()
    expect(screen.getByText('None')).toBeTruthy()
    expect(screen.queryByText('Comment')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: RECEIPT_TEXT.share }))
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/receipt/${SIG}`)
    expect(store.get(toastsAtom)).toMatchObject([{ kind: 'success', text: RECEIPT_TEXT.copied }])
  })

  test('says that no donation is recorded with a signature the server does not know', async () => {
    stubApi({
      [`GET /api/receipts/${SIG}/`]: () => ({
        status: 404,
        body: { error: 'No donation is recorded with this signature.', detail: '', code: 'not_found' },
      }),
    })
    open()
    expect(await screen.findByText(RECEIPT_TEXT.notFound)).toBeTruthy()
    expect(screen.getByText(RECEIPT_TEXT.notFoundHint)).toBeTruthy()
    expect(screen.queryByRole('button', { name: RECEIPT_TEXT.print })).toBeNull()
  })

  test("says the receipt could not be loaded when a proxy answers 404 without the server's code", async () => {
    stubApi({ [`GET /api/receipts/${SIG}/`]: () => ({ status: 404, body: { error: 'Not Found' } }) })
    open()
    expect(await screen.findByText(RECEIPT_TEXT.failed)).toBeTruthy()
    expect(screen.queryByText(RECEIPT_TEXT.notFound)).toBeNull()
  })
})
