// Crash safety (issue 11): the real server as a child process on PostgreSQL, killed with SIGKILL in the middle of
// a donation being recorded, an upload (public proof images, a private KYC image) and a KYC review, leaves no
// partial rows and no orphan files once restarted.
// "In the middle" is made certain, not hoped for: the test holds a row lock the request's transaction needs, waits
// until PostgreSQL shows the server's transaction waiting for it (after its first writes), and kills the server then.
import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshDatabase, testDatabaseUrl } from '../helpers/database'
import { type ApiUser, registerApiUser } from '../e2e/harness/api-user'
import { transfer } from '../e2e/harness/api-world'
import { airdrop } from '../e2e/harness/faucet'
import { freePort } from '../e2e/harness/ports'
import { spawnServer } from '../e2e/harness/server'
import { createEmergencyAs, png } from '../e2e/emergencies-fixtures'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lifeline-crash-'))
const uploadsDir = path.join(dataDir, 'uploads')
const adminKeys = nacl.sign.keyPair()
let database: { url: string; drop(): Promise<void> }
let sql: pg.Client
let port: number
let ledgerPort: number
let server: ChildProcess | undefined
let url: string

const query = async <T>(text: string, values: unknown[] = []) => (await sql.query(text, values)).rows as T[]
const storageOf = async (userId: number) =>
  (await query<{ bytes: string }>('select bytes from user_storage where user_id = $1', [userId]))[0]?.bytes
const until = async (what: string, check: () => Promise<boolean>, ms = 60_000) => {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((done) => setTimeout(done, 100))
  }
}

async function startServer() {
  ;({ child: server } = await spawnServer(url, {
    PORT: String(port),
    HOST: '127.0.0.1',
    LEDGER_PORT: String(ledgerPort),
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    PUBLIC_URL: url,
    SOLANA_CLUSTER: 'local',
    ADMIN_WALLETS: bs58.encode(adminKeys.publicKey),
    // Staged uploads are abandoned after twice this: short, so the recovery's work is seen within seconds.
    REQUEST_TIMEOUT_MS: '4000',
    LOG_LEVEL: 'warn',
  }))
}

async function killServer() {
  const child = server!
  server = undefined
  const exited = new Promise((done) => child.once('exit', done))
  child.kill('SIGKILL')
  await exited
}

/**
 * Holds `lockSql` (a SELECT … FOR UPDATE) in a transaction, sends the request, waits until the server's transaction
 * is blocked on that lock while already holding a lock on `written` (its first writes are in), then kills it.
 */
async function killMidTransaction(
  lockSql: string,
  values: unknown[],
  written: string,
  send: () => Promise<unknown>,
) {
  const locker = new pg.Client({ connectionString: database.url })
  await locker.connect()
  await locker.query('begin')
  await locker.query(lockSql, values)
  const lockerPid = (await locker.query('select pg_backend_pid() as pid')).rows[0].pid as number
  const request = send().catch(() => undefined)
  await until(`a transaction waiting for the lock after writing ${written}`, async () => {
    const rows = await query<{ pid: number }>(
      `select a.pid from pg_stat_activity a
       where a.datname = current_database() and a.wait_event_type = 'Lock' and a.pid <> $1
         and exists (select 1 from pg_locks l where l.pid = a.pid and l.granted and l.relation = $2::regclass
                     and l.mode = 'RowExclusiveLock')`,
      [lockerPid, written],
    )
    return rows.length > 0
  })
  await killServer()
  await locker.query('rollback')
  await locker.end()
  await request
}

const api = (user: ApiUser, pathname: string, body: FormData | object) =>
  fetch(`${url}/api/${pathname}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${user.access}`,
      ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
    },
    body: body instanceof FormData ? body : JSON.stringify(body),
  })
const files = (dir = uploadsDir) => new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : [])
const privateDir = path.join(dataDir, 'private')

let owner: ApiUser
let donor: ApiUser
let admin: ApiUser
let emergencyId: number
let receivingWallet: string

beforeAll(async () => {
  database = await freshDatabase(testDatabaseUrl()!, 'crash')
  sql = new pg.Client({ connectionString: database.url })
  await sql.connect()
  port = await freePort()
  ledgerPort = await freePort(true)
  url = `http://localhost:${port}`
  await startServer()
  ;[owner, donor, admin] = await Promise.all([
    registerApiUser(url, 'owner@example.com'),
    registerApiUser(url, 'donor@example.com'),
    registerApiUser(url, 'admin@example.com', adminKeys),
  ])
  const emergency = await createEmergencyAs(url, owner.access, { title: 'Roof after the storm' })
  emergencyId = emergency.id
  receivingWallet = emergency.receiving_wallet
}, 180_000)

afterAll(async () => {
  if (server) await killServer()
  await sql?.end()
  await database?.drop()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('a server killed with SIGKILL mid-request, on PostgreSQL', () => {
  it('keeps nothing of a donation it was recording; after restart the donation is recorded once', async () => {
    await airdrop(`${url}/rpc`, donor.address, 1)
    const sig = await transfer(`${url}/rpc`, donor, [{ to: receivingWallet, sol: 0.05 }])
    const donate = () =>
      api(donor, 'emergency/donate/', { emergency_id: emergencyId, amount: '0.05', tx_hash: sig })
    // The credit updates the emergency's totals: that row is held, so the payment row is written and waiting.
    await killMidTransaction(
      'select id from emergencies where id = $1 for update',
      [emergencyId],
      'payments',
      donate,
    )

    expect(await query('select 1 from payments where tx_hash = $1', [sig])).toEqual([])
    expect(await query('select 1 from donations where tx_hash = $1', [sig])).toEqual([])
    await startServer()
    const detail = await (await fetch(`${url}/api/emergency/detail/${emergencyId}/`)).json()
    expect(detail).toMatchObject({ total_donated: '0', donation_count: 0 })

    const recorded = await donate()
    expect(recorded.status).toBe(201)
    expect(await (await fetch(`${url}/api/emergency/detail/${emergencyId}/`)).json()).toMatchObject({
      total_donated: '0.05',
      donation_count: 1,
    })
  }, 120_000)

  it('keeps neither rows nor files of an upload it was storing', async () => {
    const before = files()
    const ownerId = (
      await query<{ id: number }>('select id from users where wallet_address = $1', [owner.address])
    )[0]!.id
    const usedBefore = await storageOf(ownerId)
    expect(Number(usedBefore)).toBeGreaterThan(0)
    const form = new FormData()
    form.set('title', 'Upload interrupted')
    form.set('description', 'This one never makes it.')
    form.set('sol_goal', '2')
    form.set('deadline', new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10))
    form.set('receiving_wallet', receivingWallet)
    form.append('proof_images', new Blob([new Uint8Array(await png({ r: 9, g: 9, b: 200 }))]), 'p.png')
    // The quota charge comes after the emergency and image rows: that row is held, the files are on disk.
    await killMidTransaction(
      'select 1 from user_storage where user_id = $1 for update',
      [ownerId],
      'emergency_images',
      () => api(owner, 'emergency/create/', form),
    )
    const left = [...files()].filter((name) => !before.has(name))
    expect(left.length).toBeGreaterThan(0)
    expect(await query(`select 1 from emergencies where title = 'Upload interrupted'`)).toEqual([])
    expect(await storageOf(ownerId)).toBe(usedBefore)

    await startServer()
    // The files the killed upload wrote are removed once abandoned (twice the request timeout), and only those.
    await until('the orphan files to be removed', async () => left.every((name) => !files().has(name)))
    expect(files()).toEqual(before)
    expect(await query('select file_name from file_journal')).toEqual([])
    const referenced = await query<{ file_name: string }>('select file_name from emergency_images')
    expect(referenced.every((row) => before.has(row.file_name))).toBe(true)
  }, 120_000)

  const kycForm = async () => {
    const form = new FormData()
    form.set('full_name', 'Olivia Owner')
    form.set('country', 'Portugal')
    form.set('full_address', 'Rua Augusta 1, Lisboa')
    form.append(
      'id_image',
      new Blob([new Uint8Array(await png({ r: 1, g: 2, b: 3 }))], { type: 'image/png' }),
      'id.png',
    )
    return form
  }

  it('keeps neither the row nor the private file of a KYC submission it was storing', async () => {
    const before = files(privateDir)
    const ownerId = (
      await query<{ id: number }>('select id from users where wallet_address = $1', [owner.address])
    )[0]!.id
    const form = await kycForm()
    await killMidTransaction(
      'select 1 from user_storage where user_id = $1 for update',
      [ownerId],
      'kyc_submissions',
      () => api(owner, 'airdrop/kyc/submit/', form),
    )
    const left = [...files(privateDir)].filter((name) => !before.has(name))
    expect(left.length).toBe(1)
    expect(await query('select 1 from kyc_submissions where user_id = $1', [ownerId])).toEqual([])
    await startServer()
    await until('the orphan ID image to be removed', async () => !files(privateDir).has(left[0]!))
    expect(files(privateDir)).toEqual(before)
  }, 120_000)

  it('leaves a KYC review whole or undone, never half made', async () => {
    // The submission the killed request could not store is made again, whole.
    const submitted = await api(owner, 'airdrop/kyc/submit/', await kycForm())
    expect(submitted.status).toBe(201)
    const { id } = (await submitted.json()) as { id: number }
    const review = () => api(admin, `airdrop/kyc/review/${id}/`, { action: 'approve', reason: '' })
    // The review is one UPDATE of the submission's row, sent before the kill: PostgreSQL finishes it whole once
    // the lock is released (a statement is atomic), so the row is either untouched or fully reviewed.
    await killMidTransaction(
      'select 1 from kyc_submissions where id = $1 for update',
      [id],
      'kyc_submissions',
      review,
    )
    await until(
      'the held review to end',
      async () =>
        (
          await query(
            `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )
        ).length === 0,
    )
    const [row] = await query<{ status: string; reviewed_by: string | null; reviewed_at: Date | null }>(
      'select status, reviewed_by, reviewed_at from kyc_submissions where id = $1',
      [id],
    )
    const reviewed = row!.status === 'approved'
    expect(row!.reviewed_by !== null && row!.reviewed_at !== null).toBe(reviewed)
    if (!reviewed) expect(row!.status).toBe('pending')

    await startServer()
    // After restart the admin sees the truth: the review is done (409), or can be done now (200).
    expect((await review()).status).toBe(reviewed ? 409 : 200)
    expect(await query('select status from kyc_submissions where id = $1', [id])).toEqual([
      { status: 'approved' },
    ])
  }, 120_000)
})
