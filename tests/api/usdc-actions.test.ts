// The donation Action in USDC (?currency=usdc): the transaction it builds, and the reference watcher crediting it
// with no call from the donor. Also the faucet's absence off the local ledger and its rate limit.
import { Keypair } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ActionGetResponse, CheckoutStatus } from '../../api-contract/actions'
import type { Page } from '../../api-contract/common'
import type { Donation } from '../../api-contract/donations'
import type { Emergency } from '../../api-contract/emergencies'
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  decodeTransferChecked,
  TOKEN_PROGRAM_ID,
} from '../../api-contract/usdc-gift'
import { createEmergency } from './emergencies-fixtures'
import { eventually, requestDonation, signAndSend } from '../helpers/actions'
import { createRpcClient } from '../../server/chain'
import { createTestApp, type TestApp } from '../helpers/app'
import { fund, ledgerAppWithAdmin, type LedgerTestApp, type PayingUser } from '../helpers/ledger'
import { fundUsdc, usdc, usdcBalance } from '../helpers/usdc'

let t: LedgerTestApp
let owner: PayingUser
let emergency: Emergency
beforeAll(async () => {
  ;({
    t,
    users: [owner],
  } = await ledgerAppWithAdmin([0], { deps: { referenceWatcher: { sweepMs: 250 } } }))
  emergency = await createEmergency(t.app, owner.bearer, { title: 'Water pump for the school' })
})
afterAll(() => t.close())

const get = async <T>(url: string) => (await t.app.inject({ method: 'GET', url })).json<T>()

/** A donor wallet that is not a user, with SOL for fees and rent, and `whole` test USDC. */
async function usdcDonor(whole: number) {
  const keypair = Keypair.generate()
  await Promise.all([fund(t, keypair.publicKey, 1), fundUsdc(t, keypair.publicKey, whole)])
  return keypair
}

describe('the donation Action in USDC', () => {
  it('offers USDC buttons and a USDC form when asked for ?currency=usdc', async () => {
    const action = await get<ActionGetResponse>(`/api/actions/donate/${emergency.id}?currency=usdc`)
    const actions = action.links!.actions
    expect(actions.map((a) => a.label)).toEqual([
      'Give 5 USDC + 0.25 tip',
      'Give 10 USDC + 0.5 tip',
      'Give 25 USDC + 1.25 tip',
      'Donate',
    ])
    expect(actions.every((a) => a.href.includes('currency=usdc'))).toBe(true)
    const chosen = await get<ActionGetResponse>(
      `/api/actions/donate/${emergency.id}?currency=usdc&amount=10&tip_percent=5`,
    )
    expect(chosen.label).toBe('Donate 10.5 USDC')
  })

  it('builds one transaction that opens the missing USDC account, tips and donates; the watcher credits it', async () => {
    const donor = await usdcDonor(50)
    const checkout = 'usdc_checkout_000001'
    const { transaction, reference } = await requestDonation(
      t.app,
      emergency.id,
      donor.publicKey,
      `currency=usdc&amount=12.5&tip_percent=5&checkout=${checkout}`,
    )
    const [open, tip, gift] = transaction.instructions
    expect(open!.programId.equals(ASSOCIATED_TOKEN_PROGRAM_ID)).toBe(true)
    expect(open!.keys[0]!.pubkey.equals(donor.publicKey)).toBe(true) // the donor pays the account's rent
    expect(tip!.programId.equals(TOKEN_PROGRAM_ID)).toBe(true)
    expect(decodeTransferChecked(tip!.data)).toEqual({ amount: usdc('0.63'), decimals: 6 })
    expect(decodeTransferChecked(gift!.data)).toEqual({ amount: usdc('12.5'), decimals: 6 })

    const signature = await signAndSend(t.ledger.connection, transaction, donor)
    const donation = await eventually(
      async () =>
        (await get<Page<Donation>>(`/api/emergency/${emergency.id}/donations/`)).results.find(
          (d) => d.tx_hash === signature,
        ),
      20_000,
      'the USDC Action donation to be recorded',
    )
    expect(donation).toMatchObject({
      currency: 'USDC',
      amount: '12.5',
      tip_amount: '0.63',
      donor_wallet: donor.publicKey.toBase58(),
      donor_registered: false,
    })
    expect(await usdcBalance(t, emergency.receiving_wallet)).toBe(usdc('12.5'))
    expect(await get<Emergency>(`/api/emergency/detail/${emergency.id}/`)).toMatchObject({
      usdc_donated: '12.5',
      total_donated: '0',
    })
    expect(await get<CheckoutStatus>(`/api/actions/checkouts/${checkout}/`)).toEqual({
      status: 'received',
      donation: {
        currency: 'USDC',
        amount: '12.5',
        tip_amount: '0.63',
        tx_hash: signature,
        donor_wallet: donor.publicKey.toBase58(),
      },
    })
    expect(reference).toBeDefined()
  })

  it('leaves the account opening out once the recipient has a USDC account', async () => {
    const donor = await usdcDonor(10)
    const { transaction } = await requestDonation(
      t.app,
      emergency.id,
      donor.publicKey,
      'currency=usdc&amount=2',
    )
    expect(transaction.instructions.map((ix) => ix.programId.toBase58())).toEqual([
      TOKEN_PROGRAM_ID.toBase58(),
    ])
  })
})

describe('the local faucet elsewhere', () => {
  it('is a 404 off the local ledger, and rate limited per client on it', async () => {
    // Two more apps on this file's ledger.
    const chain = {
      rpc: createRpcClient(t.ledger.ledger.rpcUrl),
      genesisHash: t.ledger.ledger.genesisHash,
      usdcMint: t.ledger.ledger.usdcMint,
    }
    const deps = { chain, referenceWatcher: false as const }
    const devnet = await createTestApp({ config: { cluster: 'devnet' }, deps })
    const limited = await createTestApp({
      config: { rateLimits: { ...t.config.rateLimits, faucet: { max: 2, windowMs: 60_000 } } },
      deps,
    })
    try {
      const payload = { wallet_address: Keypair.generate().publicKey.toBase58(), asset: 'usdc', amount: 1 }
      const on = (app: TestApp) => app.app.inject({ method: 'POST', url: '/api/faucet/', payload })
      expect((await on(devnet)).statusCode).toBe(404)
      const statuses = [
        (await on(limited)).statusCode,
        (await on(limited)).statusCode,
        (await on(limited)).statusCode,
      ]
      expect(statuses).toEqual([200, 200, 429])
    } finally {
      await Promise.all([devnet.close(), limited.close()])
    }
  })
})
