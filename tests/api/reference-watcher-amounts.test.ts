// The reference watcher credits what reached the emergency when the donor's wallet changed the Action's
// transaction: a larger amount, or the tip left out. Before issue 31 both were dropped without a word though the
// SOL had reached the campaign. Runs on PGlite (node project) and on PostgreSQL (pg project).
import { Keypair } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '../../api-contract/common'
import type { Donation } from '../../api-contract/donations'
import type { Emergency } from '../../api-contract/emergencies'
import { donationOf, eventually, requestDonation, rewritten, signAndSend } from '../helpers/actions'
import { fund, ledgerAppWithAdmin, type LedgerTestApp, type PayingUser } from '../helpers/ledger'
import { parseSol } from '../../server/lib/money'
import { createEmergency } from './emergencies-fixtures'

let t: LedgerTestApp
let owner: PayingUser
let emergency: Emergency
beforeAll(async () => {
  ;({
    t,
    users: [owner],
  } = await ledgerAppWithAdmin([0], { deps: { referenceWatcher: { sweepMs: 250 } } }))
  emergency = await createEmergency(t.app, owner.bearer, { title: 'Water for the school', sol_goal: '20' })
})
afterAll(async () => {
  await t.close()
})

const recorded = (signature: string) =>
  eventually(
    async () =>
      (await t.app.inject({ method: 'GET', url: `/api/emergency/${emergency.id}/donations/?page_size=100` }))
        .json<Page<Donation>>()
        .results.find((d) => d.tx_hash === signature),
    20_000,
    `the donation ${signature.slice(0, 8)}… to be recorded`,
  )

async function outsider() {
  const keypair = Keypair.generate()
  await fund(t, keypair.publicKey, 2)
  return keypair
}

describe('the reference watcher, when the wallet changed the transaction', () => {
  it('credits an over-payment for everything that reached the emergency', async () => {
    const donor = await outsider()
    const { transaction } = await requestDonation(
      t.app,
      emergency.id,
      donor.publicKey,
      'amount=0.2&tip_percent=5',
    )
    const tip = transaction.instructions[0]!
    const more = rewritten(transaction, [tip, donationOf(transaction, 350_000_000)])
    const signature = await signAndSend(t.ledger.connection, more, donor)
    expect(await recorded(signature)).toMatchObject({ amount: '0.35', tip_amount: '0.01' })
  })

  it('credits a donation whose tip the wallet dropped, without the tip', async () => {
    const donor = await outsider()
    const before = (
      await t.app.inject({ method: 'GET', url: `/api/emergency/detail/${emergency.id}/` })
    ).json<Emergency>()
    const { transaction } = await requestDonation(t.app, emergency.id, donor.publicKey, 'amount=0.3&tip=0.03')
    const withoutTip = rewritten(transaction, [transaction.instructions[1]!])
    const signature = await signAndSend(t.ledger.connection, withoutTip, donor)
    expect(await recorded(signature)).toMatchObject({ amount: '0.3', tip_amount: '0', tip_included: false })
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/emergency/detail/${emergency.id}/` })
    ).json<Emergency>()
    expect(parseSol(after.total_donated) - parseSol(before.total_donated)).toBe(300_000_000n)
  })
})
