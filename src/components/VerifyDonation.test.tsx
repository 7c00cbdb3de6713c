import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { PublicConfig } from '../../api-contract/config'
import ReceiptPage from '../features/receipts/ReceiptPage'
import { loader } from '../features/receipts/receipt.loader'
import { primeConfig } from '../lib/config.api'
import type { Receipt } from '../lib/receipts.api'
import { renderAt, resetApp, stubApi } from '../testing/harness'
import { solTransfer } from '../testing/parsed-tx'
import { RPC_SHEET_TEXT } from './VerifyRpcSheet'
import { VERIFY_TEXT } from './VerifyDonation'
import { VERDICT_TEXT } from '../lib/verify-donation'

const SIG = '5'.repeat(87)
const DONOR = 'Donor111111111111111111111111111111111111'
const RECEIVER = 'Recv1111111111111111111111111111111111111'
const PLATFORM = 'P1atform11111111111111111111111111111111111'
const receipt: Receipt = {
  tx_hash: SIG,
  emergency: { id: 12, title: 'Roof after the storm', receiving_wallet: RECEIVER },
  donor_wallet: DONOR,
  currency: 'SOL',
  amount: '0.5',
  tip_amount: '0',
  comment: null,
  created_at: '2026-11-28T08:45:13.120Z',
  slot: 4242,
  block_time: '2026-11-28T08:45:12.000Z',
  cluster: 'local',
  explorer_url: `https://explorer.solana.com/tx/${SIG}`,
}
const ledger = (lamports: number) => ({
  body: { jsonrpc: '2.0', id: 1, result: solTransfer(DONOR, [[RECEIVER, lamports]], { slot: 4242 }) },
})

const open = () => renderAt(`/receipt/${SIG}`, [{ path: '/receipt/:tx', element: <ReceiptPage />, loader }])
const verify = async () => {
  await userEvent.click(await screen.findByRole('button', { name: VERIFY_TEXT.verify }))
  return screen.findByRole('status')
}

describe("a receipt's Verify", () => {
  beforeEach(() => {
    resetApp()
    primeConfig({
      rpc_url: '/rpc',
      cluster: 'local',
      platform_wallet: PLATFORM,
      usdc_mint: null,
    } as PublicConfig)
  })
  afterEach(() => vi.unstubAllGlobals())

  test("asks the network's RPC for the transaction and says it is verified, against which host and slot", async () => {
    const calls = stubApi({
      [`GET /api/receipts/${SIG}/`]: () => ({ body: receipt }),
      'POST /rpc': () => ledger(500_000_000),
    })
    open()
    const status = await verify()
    expect(await within(status).findByText(`✓ ${VERDICT_TEXT.verified(location.host, 4242)}`)).toBeTruthy()
    const asked = calls.find((call) => call.key === 'POST /rpc')
    expect(asked?.body).toMatchObject({ method: 'getTransaction', params: [SIG, { encoding: 'jsonParsed' }] })
  })

  test('names what the ledger holds when it differs', async () => {
    stubApi({
      [`GET /api/receipts/${SIG}/`]: () => ({ body: receipt }),
      'POST /rpc': () => ledger(400_000_000),
    })
    open()
    const status = await verify()
    expect(await within(status).findByText('The amount on the ledger is 0.4 SOL, not 0.5 SOL.')).toBeTruthy()
    expect(within(status).queryByText(/Verified by your browser/)).toBeNull()
  })

  test('asks the RPC set in the settings sheet, kept on this device, and refuses what is not a URL', async () => {
    const calls = stubApi({
      [`GET /api/receipts/${SIG}/`]: () => ({ body: receipt }),
      'POST /solana': () => ledger(500_000_000),
    })
    open()
    await userEvent.click(await screen.findByRole('button', { name: VERIFY_TEXT.settings }))
    const sheet = await screen.findByRole('dialog', { name: RPC_SHEET_TEXT.title })
    const field = within(sheet).getByLabelText(RPC_SHEET_TEXT.label)
    await userEvent.type(field, 'ftp://nope')
    await userEvent.click(within(sheet).getByRole('button', { name: RPC_SHEET_TEXT.save }))
    expect(within(sheet).getByText(RPC_SHEET_TEXT.invalid)).toBeTruthy()
    await userEvent.clear(field)
    await userEvent.type(field, 'https://rpc.example.org/solana')
    await userEvent.click(within(sheet).getByRole('button', { name: RPC_SHEET_TEXT.save }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    const status = await verify()
    expect(
      await within(status).findByText(`✓ ${VERDICT_TEXT.verified('rpc.example.org', 4242)}`),
    ).toBeTruthy()
    expect(calls.filter((call) => call.key === 'POST /rpc')).toEqual([])
    expect(localStorage.getItem('lifeline.device.verify-rpc')).toBe('https://rpc.example.org/solana')
  })

  test('says the RPC did not answer when it fails', async () => {
    stubApi({
      [`GET /api/receipts/${SIG}/`]: () => ({ body: receipt }),
      'POST /rpc': () => ({ status: 502 }),
    })
    open()
    const status = await verify()
    expect(await within(status).findByText(`✗ ${VERDICT_TEXT.unreachable(location.host)}`)).toBeTruthy()
  })
})
