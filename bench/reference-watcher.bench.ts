// The reference watcher (issue 9): time from a donation's confirmation to its record, p50/p99 over 100 Action
// donations, and the RPC calls the watcher makes per minute while 1,000 references are open.
// `node --import tsx bench/reference-watcher.bench.ts`. Env: BENCH_DONATIONS (100), BENCH_OPEN (1000),
// BENCH_IDLE_S (60: the quiet minute in which calls are counted with nothing paid).
// The server (app + watcher + PGlite in memory) and the local ledger (400 ms slots) share this Node process.
import os from 'node:os'
import { PGlite } from '@electric-sql/pglite'
import { Connection, Keypair, LAMPORTS_PER_SOL, Transaction } from '@solana/web3.js'
import type { ActionPostResponse } from '../api-contract/actions'
import { startLedger } from '../ledger-sim/index'
import { buildApp } from '../server/app'
import { createRpcClient, type RpcClient } from '../server/chain'
import { loadConfig } from '../server/config'
import { fromPglite } from '../server/db/client'
import { migrate } from '../server/db/migrate'
import { insertReference } from '../server/modules/actions/action-references.repository'
import { FIRST_CHECK_MS, REFERENCE_TTL_MS } from '../server/modules/actions/actions.service'
import { emergencies } from '../server/modules/emergencies/emergencies.table'
import { users } from '../server/modules/users/users.table'

const DONATIONS = Number(process.env.BENCH_DONATIONS ?? 100)
const OPEN = Number(process.env.BENCH_OPEN ?? 1000)
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 60)
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 5)
const LATENCY_GOAL_P99_MS = 3000

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/** The watcher's RPC client, counting every method call (a batch element counts as one) and HTTP request. */
function counting(rpc: RpcClient) {
  const calls = new Map<string, number>()
  let requests = 0
  const count = (method: string) => calls.set(method, (calls.get(method) ?? 0) + 1)
  const client: RpcClient = {
    url: rpc.url,
    call(method, params) {
      requests++
      count(method)
      return rpc.call(method, params)
    },
    batch(list) {
      requests++
      for (const [method] of list) count(method)
      return rpc.batch(list)
    },
  }
  const snapshot = () => ({
    requests,
    calls: new Map(calls),
    total: [...calls.values()].reduce((a, b) => a + b, 0),
  })
  return { client, snapshot }
}

const ledger = await startLedger({ port: 0 })
const connection = new Connection(ledger.rpcUrl, { commitment: 'confirmed', wsEndpoint: ledger.wsUrl })
const database = fromPglite(await PGlite.create())
await migrate(database.db)
const config = loadConfig(
  {
    DATA_DIR: os.tmpdir(),
    DATABASE_URL: 'memory://',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:8080',
  },
  { secrets: 'memory' },
)
const rpc = counting(createRpcClient(ledger.rpcUrl))
const recordedAt = new Map<string, number>()
const app = await buildApp(config, {
  db: database.db,
  distDir: '/nonexistent',
  chain: { rpc: rpc.client, genesisHash: ledger.genesisHash },
  referenceWatcher: { onCredited: (signature) => recordedAt.set(signature, performance.now()) },
})
await app.ready()

// An emergency, and donors with SOL (the platform and campaign wallets exist so small tips pass rent).
const [owner] = await database.db
  .insert(users)
  .values({ walletAddress: Keypair.generate().publicKey.toBase58(), email: 'owner@example.com' })
  .returning()
const campaign = Keypair.generate().publicKey
const [emergency] = await database.db
  .insert(emergencies)
  .values({
    ownerId: owner!.id,
    title: 'Benchmark emergency',
    description: 'Measuring the reference watcher.',
    solGoal: 1_000_000n * BigInt(LAMPORTS_PER_SOL),
    deadline: '2099-01-01',
    receivingWallet: campaign.toBase58(),
  })
  .returning()
const donors = Array.from({ length: IN_FLIGHT * 2 }, () => Keypair.generate())
for (const key of [...donors.map((d) => d.publicKey), campaign]) {
  const signature = await connection.requestAirdrop(key, 10 * LAMPORTS_PER_SOL)
  await connection.confirmTransaction({ signature, ...(await connection.getLatestBlockhash()) })
}

// 1,000 open references, as in steady state: opened evenly over the last 15 minutes, each due at its next
// look-up of the watcher's schedule (FIRST_CHECK_MS after opening, 4× that later, at expiry).
const now = Date.now()
const schedule = [FIRST_CHECK_MS, FIRST_CHECK_MS * 5, REFERENCE_TTL_MS]
const open = Array.from({ length: OPEN }, (_, i) => {
  const age = (i / OPEN) * REFERENCE_TTL_MS
  return {
    reference: Keypair.generate().publicKey.toBase58(),
    emergencyId: emergency!.id,
    payerWallet: Keypair.generate().publicKey.toBase58(),
    recipientWallet: campaign.toBase58(),
    lamports: 10_000_000n,
    createdAt: new Date(now - age),
    expiresAt: new Date(now - age + REFERENCE_TTL_MS),
    nextCheckAt: new Date(now - age + schedule.find((at) => at > age)!),
    checks: schedule.filter((at) => at <= age).length,
  }
})
for (let i = 0; i < open.length; i += 500) await insertReference(database.db, open.slice(i, i + 500))

// The quiet minute: references open, nothing paid.
let before = rpc.snapshot()
await sleep(IDLE_S * 1000)
let after = rpc.snapshot()
const idlePerMin = ((after.total - before.total) * 60) / IDLE_S
const idleRequestsPerMin = ((after.requests - before.requests) * 60) / IDLE_S
const idleByMethod = [...after.calls].map(
  ([m, n]) => `${m} ${(((n - (before.calls.get(m) ?? 0)) * 60) / IDLE_S).toFixed(0)}`,
)

/** A donor's wallet: POST the Action, sign, send; then the time it saw `confirmed` (polled every 10 ms). */
async function donate(donor: Keypair, i: number): Promise<{ signature: string; confirmedAt: number }> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/actions/donate/${emergency!.id}?amount=0.01${i % 2 ? '&tip_percent=5' : ''}`,
    payload: { account: donor.publicKey.toBase58() },
    remoteAddress: `10.9.${Math.floor(i / 200)}.${i % 200}`,
  })
  if (response.statusCode !== 200) throw new Error(`POST ${response.statusCode}: ${response.body}`)
  const tx = Transaction.from(Buffer.from(response.json<ActionPostResponse>().transaction, 'base64'))
  tx.sign(donor)
  const signature = await connection.sendRawTransaction(tx.serialize())
  for (;;) {
    const { value } = await connection.getSignatureStatuses([signature])
    const status = value[0]?.confirmationStatus
    if (status === 'confirmed' || status === 'finalized') return { signature, confirmedAt: performance.now() }
    await sleep(10)
  }
}

// 100 donations, 5 in flight, while the 1,000 references stay open.
before = rpc.snapshot()
const started = performance.now()
const sent: { signature: string; confirmedAt: number }[] = []
let next = 0
await Promise.all(
  Array.from({ length: IN_FLIGHT }, async (_, lane) => {
    while (next < DONATIONS) {
      const i = next++
      sent.push(await donate(donors[(lane + i) % donors.length]!, i))
    }
  }),
)
const deadline = performance.now() + 60_000
while (sent.some((s) => !recordedAt.has(s.signature)) && performance.now() < deadline) await sleep(20)
after = rpc.snapshot()
const busyMinutes = (performance.now() - started) / 60_000
const perDonation = (after.total - before.total - idlePerMin * busyMinutes) / DONATIONS
const missing = sent.filter((s) => !recordedAt.has(s.signature)).length
const latencies = sent
  .filter((s) => recordedAt.has(s.signature))
  .map((s) => recordedAt.get(s.signature)! - s.confirmedAt)

await app.close()
await ledger.close()
await database.close()

const p99 = pct(latencies, 99)
console.log(`reference watcher (poll 1 s; PGlite in memory; local ledger, 400 ms slots; one Node process)
  confirmation → recorded, ${latencies.length} Action donations, ${IN_FLIGHT} in flight, ${OPEN} references open:
    p50 ${pct(latencies, 50).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms   (goal p99 ≤ ${LATENCY_GOAL_P99_MS} ms)${missing ? `, ${missing} NOT RECORDED` : ''}
  RPC calls per minute with ${OPEN} open references, nothing paid (${IDLE_S} s):
    ${idlePerMin.toFixed(0)} calls/min in ${idleRequestsPerMin.toFixed(0)} HTTP requests/min (${idleByMethod.join(', ')})
  RPC calls per donation besides those (Action POST's blockhash, the watcher's two reads): ${perDonation.toFixed(1)}`)
if (missing > 0 || p99 > LATENCY_GOAL_P99_MS) {
  console.error('reference watcher over its goal')
  process.exitCode = 1
}
