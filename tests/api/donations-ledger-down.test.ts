// When the ledger cannot be reached, a donation or boost is answered 503 and nothing is written: the donor can
// submit the same signature again once the ledger is back.
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Page } from '../../api-contract/common'
import type { Donation } from '../../api-contract/donations'
import type { Emergency } from '../../api-contract/emergencies'
import { createRpcClient } from '../../server/chain'
import { createLedgerTestApp, type LedgerTestApp, pay, payingUser, type PayingUser } from '../helpers/ledger'
import { createEmergency } from './emergencies-fixtures'

let t: LedgerTestApp
let donor: PayingUser
let emergency: Emergency
beforeAll(async () => {
  // The ledger runs (the donor really pays), but the server's RPC points at a closed port.
  t = await createLedgerTestApp({
    deps: { chain: { rpc: createRpcClient('http://127.0.0.1:1'), genesisHash: 'unreachable' } },
  })
  donor = await payingUser(t, 2)
  emergency = await createEmergency(t.app, donor.bearer)
})
afterAll(async () => {
  await t.close()
})

it('answers 503 for a real donation while the ledger is unreachable and writes nothing', async () => {
  const sig = await pay(t, donor.keypair, [{ to: emergency.receiving_wallet, lamports: 10_000_000n }])
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/emergency/donate/',
    headers: donor.bearer,
    payload: { emergency_id: emergency.id, amount: '0.01', tx_hash: sig },
  })
  expect(response.statusCode).toBe(503)
  expect(response.json()).toMatchObject({ code: 'ledger_unavailable' })
  const detail = await t.app.inject({ method: 'GET', url: `/api/emergency/detail/${emergency.id}/` })
  expect(detail.json()).toMatchObject({ total_donated: '0', donation_count: 0 })
  const feed = await t.app.inject({ method: 'GET', url: '/api/emergency/public-donations/' })
  expect(feed.json<Page<Donation>>().count).toBe(0)

  const boost = await t.app.inject({
    method: 'POST',
    url: '/api/emergency/boost/',
    headers: donor.bearer,
    payload: { emergency_id: emergency.id, tx_hash: sig },
  })
  expect(boost.statusCode).toBe(503)
})
