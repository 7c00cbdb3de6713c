// Exactly once across real concurrent connections: the reference watcher and many PWA submissions of the same
// Action transaction race to record it; one donation, one credit of the totals.
import { Keypair } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '../../api-contract/common'
import type { Donation } from '../../api-contract/donations'
import type { Emergency } from '../../api-contract/emergencies'
import { eventually, requestDonation, signAndSend } from '../helpers/actions'
import { fund, ledgerAppWithAdmin, type LedgerTestApp, type PayingUser } from '../helpers/ledger'
import { register, signIn, testWallet } from '../helpers/wallet'
import { createEmergency } from '../api/emergencies-fixtures'

let t: LedgerTestApp
let owner: PayingUser
let emergency: Emergency
beforeAll(async () => {
  ;({
    t,
    users: [owner],
  } = await ledgerAppWithAdmin([0], { deps: { referenceWatcher: { pollMs: 50 } } }))
  emergency = await createEmergency(t.app, owner.bearer, { title: 'Race' })
})
afterAll(() => t.close())

describe('on PostgreSQL', () => {
  it('records an Action donation once when the watcher and 12 PWA submissions race for it', async () => {
    const wallet = testWallet()
    const keypair = Keypair.fromSecretKey(wallet.secretKey)
    await fund(t, keypair.publicKey, 2)
    await register(t.app, wallet, 'racer@example.com')
    const bearer = { authorization: `Bearer ${(await signIn(t.app, wallet)).access}` }
    const { transaction } = await requestDonation(
      t.app,
      emergency.id,
      keypair.publicKey,
      'amount=0.5&tip=0.02',
    )
    const signature = await signAndSend(t.ledger.connection, transaction, keypair)
    const posts = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/emergency/donate/',
          headers: bearer,
          payload: { emergency_id: emergency.id, amount: '0.5', tip_amount: '0.02', tx_hash: signature },
        }),
      ),
    )
    expect(posts.filter((r) => r.statusCode === 201).length).toBeLessThanOrEqual(1)
    expect(posts.every((r) => r.statusCode === 201 || r.json().error === 'already been processed')).toBe(true)
    const status = () =>
      t.app
        .inject({ method: 'GET', url: `/api/emergency/detail/${emergency.id}/` })
        .then((r) => r.json<Emergency>())
    await eventually(async () => ((await status()).donation_count === 1 ? true : undefined))
    await new Promise((done) => setTimeout(done, 500)) // a few more watcher ticks
    expect(await status()).toMatchObject({ total_donated: '0.5', donation_count: 1 })
    const list = await t.app.inject({ method: 'GET', url: `/api/emergency/${emergency.id}/donations/` })
    expect(list.json<Page<Donation>>().results.map((d) => d.tx_hash)).toEqual([signature])
  })
})
