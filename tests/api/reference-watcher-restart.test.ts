// The watcher survives a restart: pending references and its cursor live in the database, so a server started
// again on the same database records what was paid while no server ran.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '../../api-contract/common'
import type { Donation } from '../../api-contract/donations'
import { confirm, startTestLedger, type TestLedger } from '../../ledger-sim/test-kit'
import { buildApp } from '../../server/app'
import { createRpcClient } from '../../server/chain'
import type { Database } from '../../server/db/client'
import { diskStore } from '../../server/storage'
import { eventually, requestDonation, signAndSend } from '../helpers/actions'
import { testClock, testConfig } from '../helpers/config'
import { createTestDatabase } from '../helpers/database'
import { registerAndSignIn } from '../helpers/wallet'
import { createEmergency } from './emergencies-fixtures'

let ledger: TestLedger
let database: Database
let uploads: string
const config = testConfig()

beforeAll(async () => {
  ;[ledger, database, uploads] = await Promise.all([
    startTestLedger(),
    createTestDatabase(),
    fs.mkdtemp(path.join(os.tmpdir(), 'lifeline-uploads-')),
  ])
})
afterAll(async () => {
  await database.close()
  await ledger.close()
  await fs.rm(uploads, { recursive: true, force: true })
})

/** One server process's worth: the app with its watcher, on the shared database and ledger. */
async function startServer(): Promise<FastifyInstance> {
  const app = await buildApp(config, {
    db: database.db,
    clock: testClock(),
    distDir: '/nonexistent',
    storage: diskStore(uploads),
    chain: { rpc: createRpcClient(ledger.ledger.rpcUrl), genesisHash: ledger.ledger.genesisHash },
  })
  await app.ready()
  return app
}

async function funded(): Promise<Keypair> {
  const keypair = Keypair.generate()
  await confirm(
    ledger.connection,
    await ledger.connection.requestAirdrop(keypair.publicKey, 2 * LAMPORTS_PER_SOL),
  )
  return keypair
}

const recordedOn = (app: FastifyInstance, emergencyId: number, signature: string) =>
  eventually(async () => {
    const response = await app.inject({ method: 'GET', url: `/api/emergency/${emergencyId}/donations/` })
    return response.json<Page<Donation>>().results.find((d) => d.tx_hash === signature)
  })

describe('the reference watcher across a restart', () => {
  it('records, after the restart, donations paid while the server was down', async () => {
    let app = await startServer()
    const { bearer } = await registerAndSignIn(app)
    const emergency = await createEmergency(app, bearer, { title: 'Bridge repair' })
    const first = await funded()
    const paid = await requestDonation(app, emergency.id, first.publicKey, 'amount=0.2')
    await recordedOn(app, emergency.id, await signAndSend(ledger.connection, paid.transaction, first))

    // Two transactions built, then the server stops before either is paid.
    const [a, b] = [await funded(), await funded()]
    const [forA, forB] = [
      await requestDonation(app, emergency.id, a.publicKey, 'amount=0.3&tip_percent=5'),
      await requestDonation(app, emergency.id, b.publicKey, 'amount=0.4'),
    ]
    await app.close()
    const signatures = [
      await signAndSend(ledger.connection, forA.transaction, a),
      await signAndSend(ledger.connection, forB.transaction, b),
    ]

    app = await startServer()
    const [donationA, donationB] = [
      await recordedOn(app, emergency.id, signatures[0]!),
      await recordedOn(app, emergency.id, signatures[1]!),
    ]
    expect(donationA).toMatchObject({ amount: '0.3', tip_amount: '0.02' })
    expect(donationB).toMatchObject({ amount: '0.4', tip_amount: '0' })
    const detail = await app.inject({ method: 'GET', url: `/api/emergency/detail/${emergency.id}/` })
    expect(detail.json()).toMatchObject({ total_donated: '0.9', donation_count: 3 })
    await app.close()
  })
})
