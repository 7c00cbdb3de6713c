// Two real server processes, as `npm start` runs them, on one PostgreSQL database, one local ledger (attached to
// with SOLANA_RPC_URL) and one bucket (the tests' S3-compatible server): what a load balancer in front of them needs
// shared is shared. The read cache's poll is
// turned off (an hour), so whatever B shows of A's writes at once it was told, not found by looking later.
import { Connection, Keypair, LAMPORTS_PER_SOL, Transaction } from '@solana/web3.js'
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ActionPostResponse } from '../../api-contract/actions'
import { confirm } from '../../ledger-sim/test-kit'
import { createEmergencyAs, getJson, type CreatedEmergency } from '../e2e/emergencies-fixtures'
import { type ApiUser, registerApiUser } from '../e2e/harness/api-user'
import { donate } from '../e2e/harness/api-world'
import { eventually } from '../helpers/actions'
import { testDatabaseUrl } from '../helpers/database'
import { type Instance, type Instances, startInstances } from '../helpers/instances'
import { type S3Server, startS3Server } from '../helpers/s3-server'

const RELAY_LIMIT = 4
let s3: S3Server
let cluster: Instances
let a: Instance
let b: Instance
let owner: ApiUser
let emergency: CreatedEmergency

beforeAll(async () => {
  s3 = await startS3Server()
  cluster = await startInstances({
    count: 2,
    postgresUrl: testDatabaseUrl()!,
    env: {
      ...s3.env,
      READ_CACHE_POLL_MS: '3600000',
      RATE_LIMIT_RELAY_WRITE: String(RELAY_LIMIT),
      TRUST_PROXY: '127.0.0.1',
    },
  })
  ;[a, b] = cluster.instances as [Instance, Instance]
  owner = await registerApiUser(a.url, 'owner@example.org')
  emergency = await createEmergencyAs(a.url, owner.access, { title: 'Flood relief in Porto' })
}, 120_000)
afterAll(async () => {
  await cluster?.stop()
  await s3?.stop()
})

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
const health = async (instance: Instance) =>
  (await (await fetch(`${instance.url}/api/health/`)).json()) as { loops: string[] }
const feed = (instance: Instance) =>
  getJson<{ count: number; results: { tx_hash: string }[] }>(instance.url, 'emergency/public-donations/')
const detail = (instance: Instance) =>
  getJson<{ donation_count: number; total_donated: string }>(
    instance.url,
    `emergency/detail/${emergency.id}/`,
  )

describe('two instances on one database', () => {
  it('serves from B a proof image uploaded through A', async () => {
    const image = new URL(emergency.proof_images[0]!.image).pathname
    const [fromA, fromB] = await Promise.all([fetch(`${a.url}${image}`), fetch(`${b.url}${image}`)])
    expect(fromB.status).toBe(200)
    expect(fromB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()))
  })

  it('signs in on B with a nonce issued by A, and rotates on A a refresh token issued on B, once', async () => {
    const keys = nacl.sign.keyPair()
    const address = bs58.encode(keys.publicKey)
    const { message } = await getJson<{ message: string }>(a.url, `users/nonce/?wallet_address=${address}`)
    const signature = bs58.encode(nacl.sign.detached(new TextEncoder().encode(message), keys.secretKey))
    const registered = await post(`${b.url}/api/users/register/`, {
      wallet_address: address,
      email: 'both@example.org',
      message,
      signature,
    })
    expect(registered.status).toBe(201)
    // The nonce was used on B: A refuses it too.
    const replay = await post(`${a.url}/api/users/login/`, { wallet_address: address, message, signature })
    expect(replay.status).toBe(401)

    const { refresh } = (await registered.json()) as { refresh: string }
    const rotated = await post(`${a.url}/api/users/token/refresh/`, { refresh })
    expect(rotated.status).toBe(200)
    const next = ((await rotated.json()) as { refresh: string }).refresh
    // Presented again at once on B (a second tab): B knows A's rotation and hands out the same successor.
    const again = await post(`${b.url}/api/users/token/refresh/`, { refresh })
    expect(again.status).toBe(200)
    expect(((await again.json()) as { refresh: string }).refresh).toBe(next)
    // Ended on B, the session's refresh token is refused on A.
    expect((await post(`${b.url}/api/users/logout/`, { refresh: next })).status).toBeLessThan(300)
    expect((await post(`${a.url}/api/users/token/refresh/`, { refresh: next })).status).toBe(401)
  })

  it("hands a wallet's answer stored on A to B, once", async () => {
    const id = bs58.encode(nacl.randomBytes(16)).slice(0, 22).padEnd(22, 'x')
    const answer = { nonce: bs58.encode(nacl.randomBytes(24)), data: bs58.encode(nacl.randomBytes(64)) }
    expect((await post(`${a.url}/api/wallet-relay/${id}/`, answer)).status).toBe(201)
    const taken = await fetch(`${b.url}/api/wallet-relay/${id}/`)
    expect(taken.status).toBe(200)
    expect(await taken.json()).toEqual(answer)
    expect((await fetch(`${a.url}/api/wallet-relay/${id}/`)).status).toBe(404)
    expect((await fetch(`${b.url}/api/wallet-relay/${id}/`)).status).toBe(404)
  })

  it('counts one rate limit across both instances', async () => {
    // One client behind the proxy, by its forwarded address (TRUST_PROXY names the proxy: loopback).
    const client = { 'x-forwarded-for': '203.0.113.7' }
    const statuses: number[] = []
    for (let i = 0; i < RELAY_LIMIT + 1; i++) {
      const id = `limit-${String(i).padStart(16, '0')}`
      const instance = i % 2 === 0 ? a : b
      const stored = await post(`${instance.url}/api/wallet-relay/${id}/`, { errorCode: '4001' }, client)
      statuses.push(stored.status)
    }
    expect(statuses).toEqual([...Array<number>(RELAY_LIMIT).fill(201), 429])
  })

  it("shows a donation recorded on A in B's feed and totals on the next read", async () => {
    // B has the feed and the emergency in its cache.
    const before = await feed(b)
    expect((await detail(b)).donation_count).toBe(0)
    const donor = await registerApiUser(a.url, 'donor@example.org')
    const signature = await donate(a.url, donor, emergency, 0.25)
    const after = await feed(b)
    expect(after.count).toBe(before.count + 1)
    expect(after.results[0]?.tx_hash).toBe(signature)
    expect(await detail(b)).toMatchObject({ donation_count: 1, total_donated: '0.25' })
  })

  it('runs the reference watcher on one instance; killed with SIGKILL, the other credits the next Action donation within 10 s, each once', async () => {
    const watchers = async () =>
      (await Promise.all(cluster.instances.map(health))).flatMap((h, i) =>
        h.loops.includes('reference-watcher') ? [cluster.instances[i]!] : [],
      )
    const [watcher] = await eventually(async () => ((await watchers()).length === 1 ? watchers() : undefined))
    expect(await watchers()).toHaveLength(1)
    const survivor = watcher === a ? b : a
    const connection = new Connection(cluster.ledger.rpcUrl, 'confirmed')
    const { donation_count: counted } = await detail(survivor)

    // A donation through the Action, paid just before its watcher dies.
    const first = await actionDonation(connection, survivor, '0.1')
    watcher!.child.kill('SIGKILL')
    const second = await actionDonation(connection, survivor, '0.2')
    const sent = Date.now()
    await eventually(
      async () => ((await feed(survivor)).results.some((d) => d.tx_hash === second) ? true : undefined),
      10_000,
      'the Action donation credited',
    )
    expect(Date.now() - sent).toBeLessThan(10_000)
    expect((await health(survivor)).loops).toContain('reference-watcher')

    const shown = (await feed(survivor)).results.map((d) => d.tx_hash)
    expect(shown.filter((tx) => tx === first)).toHaveLength(1)
    expect(shown.filter((tx) => tx === second)).toHaveLength(1)
    expect((await detail(survivor)).donation_count).toBe(counted + 2)
  })
})

/** A donor's wallet paying the emergency through its Solana Action; returns the transaction's signature. */
async function actionDonation(connection: Connection, instance: Instance, amount: string): Promise<string> {
  const donor = Keypair.generate()
  await confirm(connection, await connection.requestAirdrop(donor.publicKey, LAMPORTS_PER_SOL))
  const response = await post(`${instance.url}/api/actions/donate/${emergency.id}?amount=${amount}`, {
    account: donor.publicKey.toBase58(),
  })
  expect(response.status).toBe(200)
  const { transaction } = (await response.json()) as ActionPostResponse
  const tx = Transaction.from(Buffer.from(transaction, 'base64'))
  tx.sign(donor)
  const signature = await connection.sendRawTransaction(tx.serialize())
  await confirm(connection, signature)
  return signature
}
