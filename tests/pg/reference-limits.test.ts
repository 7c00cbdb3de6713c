// The caps on open Action references hold across real concurrent connections (issue 34, N5): POSTs that arrive
// together cannot all read "one more fits" and all insert.
import { Keypair } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Emergency } from '../../api-contract/emergencies'
import { ledgerAppWithAdmin, type LedgerTestApp } from '../helpers/ledger'
import { createEmergency } from '../api/emergencies-fixtures'

const LIMITS = { openMax: 5, openPerAccount: 2, keepMs: 86_400_000 }

let t: LedgerTestApp
let emergency: Emergency
beforeAll(async () => {
  const { t: app, users } = await ledgerAppWithAdmin([0], {
    config: { actionReferences: LIMITS },
    deps: { referenceWatcher: false },
  })
  t = app
  emergency = await createEmergency(t.app, users[0].bearer, { title: 'Concurrent references' })
})
afterAll(() => t.close())

const open = (account: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/actions/donate/${emergency.id}?amount=0.1`,
    payload: { account },
    remoteAddress,
  })
const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort()

describe('on PostgreSQL', () => {
  it('opens exactly as many references per wallet as allowed when 12 POSTs of one wallet race', async () => {
    const account = Keypair.generate().publicKey.toBase58()
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => open(account, `192.0.2.${i + 1}`)))
    expect(statuses(answers)).toEqual([...Array(2).fill(200), ...Array(10).fill(429)])
    t.clock.advance(15 * 60_000 + 1)
  })

  it('opens exactly as many references in all as allowed when 20 POSTs of different wallets race', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        open(Keypair.generate().publicKey.toBase58(), `198.51.100.${i + 1}`),
      ),
    )
    expect(statuses(answers)).toEqual([...Array(5).fill(200), ...Array(15).fill(503)])
  })
})
