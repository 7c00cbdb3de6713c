// The local ledger and the payment verifier: transfers per second through JSON-RPC with web3.js, and the
// verifier's own time per payment (excluding the RPC round trip). `node --import tsx bench/ledger.bench.ts`
// Env: BENCH_TXS (default 2000) pre-signed transfers, BENCH_CONCURRENCY (default 32) requests in flight.
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  sendAndConfirmTransaction,
  SystemProgram,
  Transaction,
} from '@solana/web3.js'
import { startLedger } from '../ledger-sim/index'
import { checkPayment, type ParsedTx } from '../api-contract/check-payment'
import { createRpcClient } from '../server/chain/rpc-client'
import { verifyPayment } from '../server/chain/verify-payment'

const N = Number(process.env.BENCH_TXS ?? 2000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32)
const VERIFY_BUDGET_P99_MS = 100 // the goal for recording a donation, server time excluding RPC

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!
const fmt = (ms: number) => (ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(1)} ms`)

async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<unknown>) {
  let next = 0
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await fn(items[next++]!)
    }),
  )
}

const ledger = await startLedger({ port: 0 })
const connection = new Connection(ledger.rpcUrl, { commitment: 'confirmed', wsEndpoint: ledger.wsUrl })
const senders = Array.from({ length: 20 }, () => Keypair.generate())
const campaign = Keypair.generate().publicKey
const platform = Keypair.generate().publicKey
// Recipients exist beforehand (a 10,000-lamport tip to a new account would fail the rent check).
await pool([...senders.map((k) => k.publicKey), campaign, platform], 8, async (kp) => {
  const sig = await connection.requestAirdrop(kp, 10 * LAMPORTS_PER_SOL)
  const bh = await connection.getLatestBlockhash()
  await connection.confirmTransaction({ signature: sig, ...bh })
})

// 1. Pre-signed transfers (a donation and a tip each), then sent as fast as the RPC takes them.
const { blockhash } = await connection.getLatestBlockhash()
let t0 = performance.now()
const signed = Array.from({ length: N }, (_, i) => {
  const from = senders[i % senders.length]!
  const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: blockhash }).add(
    SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: campaign, lamports: 1_000_000 + i }),
    SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: platform, lamports: 10_000 }),
  )
  tx.sign(from)
  return { bytes: tx.serialize(), payer: from.publicKey.toBase58(), lamports: BigInt(1_000_000 + i) }
})
const signMs = performance.now() - t0
t0 = performance.now()
const sigs: string[] = new Array(N)
await pool([...signed.keys()], CONCURRENCY, async (i) => {
  sigs[i] = await connection.sendRawTransaction(signed[i]!.bytes) // with preflight, as wallets send
})
const sendMs = performance.now() - t0

// 2. Send and confirm (websocket signatureSubscribe; confirmation takes a slot of 400 ms).
const confirmN = 64
const confirmTxs = Array.from({ length: confirmN }, (_, i) => i)
const latencies: number[] = []
t0 = performance.now()
await pool(confirmTxs, CONCURRENCY, async (i) => {
  const from = senders[i % senders.length]!
  const tx = new Transaction().add(
    SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: campaign, lamports: 5_000 + i }),
  )
  const started = performance.now()
  await sendAndConfirmTransaction(connection, tx, [from], { commitment: 'confirmed' })
  latencies.push(performance.now() - started)
})
const confirmMs = performance.now() - t0

// 3. The verifier: the check itself on fetched transactions, and verifyPayment with the (local) round trip.
await new Promise((r) => setTimeout(r, 900)) // let the last sends reach `confirmed`
const rpc = createRpcClient(ledger.rpcUrl)
const sample = Array.from({ length: 300 }, (_, k) => Math.floor((k * N) / 300))
const fetched = await Promise.all(
  sample.map((i) =>
    rpc.call<ParsedTx>('getTransaction', [
      sigs[i],
      { encoding: 'jsonParsed', commitment: 'confirmed', maxSupportedTransactionVersion: 0 },
    ]),
  ),
)
const checkTimes: number[] = []
const e2eTimes: number[] = []
for (let round = 0; round < 5; round++) {
  sample.forEach((i, k) => {
    const expected = {
      signature: sigs[i]!,
      payer: signed[i]!.payer,
      transfers: [
        { to: campaign.toBase58(), lamports: signed[i]!.lamports },
        { to: platform.toBase58(), lamports: 10_000n },
      ],
    }
    const s = performance.now()
    const res = checkPayment(fetched[k]!, expected)
    checkTimes.push(performance.now() - s)
    if (!res.ok) throw new Error(`benchmark payment ${sigs[i]} did not verify: ${res.reason}`)
  })
}
for (const i of sample.slice(0, 100)) {
  const s = performance.now()
  const res = await verifyPayment(rpc, {
    signature: sigs[i]!,
    payer: signed[i]!.payer,
    transfers: [
      { to: campaign.toBase58(), lamports: signed[i]!.lamports },
      { to: platform.toBase58(), lamports: 10_000n },
    ],
  })
  e2eTimes.push(performance.now() - s)
  if (!res.ok) throw new Error(res.reason)
}
await ledger.close()

const p99 = pct(checkTimes, 99)
console.log(`ledger (LiteSVM, in-process, one Node process for client and ledger; ${N} transfers, ${CONCURRENCY} in flight)
  web3.js build+sign+serialize   ${((N / signMs) * 1000).toFixed(0)} tx/s
  sendRawTransaction (preflight) ${((N / sendMs) * 1000).toFixed(0)} tx/s   (${(sendMs / 1000).toFixed(2)} s for ${N})
  sendAndConfirmTransaction      ${((confirmN / confirmMs) * 1000).toFixed(1)} tx/s with ${CONCURRENCY} in flight; latency p50 ${fmt(pct(latencies, 50))}, p99 ${fmt(pct(latencies, 99))}
verifyPayment (donation + tip, 2 System transfers)
  check only (no RPC)            p50 ${fmt(pct(checkTimes, 50))}, p99 ${fmt(p99)}   (budget p99 ≤ ${VERIFY_BUDGET_P99_MS} ms, ${checkTimes.length} checks)
  with local RPC round trip      p50 ${fmt(pct(e2eTimes, 50))}, p99 ${fmt(pct(e2eTimes, 99))}   (1 HTTP request each)`)
if (p99 > VERIFY_BUDGET_P99_MS) {
  console.error('verifier over budget')
  process.exitCode = 1
}
