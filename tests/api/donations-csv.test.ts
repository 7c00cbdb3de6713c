// CSV exports of donations (issue 31): an emergency's gifts for its owner or an admin, a donor's own gifts; RFC 4180,
// UTF-8, formula injection neutralised. Read back with csv-parse. Runs on PGlite and on PostgreSQL.
import { LAMPORTS_PER_SOL } from '@solana/web3.js'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Emergency } from '../../api-contract/emergencies'
import type { Receipt } from '../../api-contract/receipts'
import { ledgerAppWithAdmin, type LedgerTestApp, pay, type PayingUser } from '../helpers/ledger'
import { insertDonations } from '../helpers/donation-rows'
import { formatSol } from '../../server/lib/money'
import { createEmergency } from './emergencies-fixtures'

const SOL = BigInt(LAMPORTS_PER_SOL)
const HEADER =
  'date,emergency_id,emergency_title,amount_sol,tip_sol,amount_usdc,tip_usdc,tx_hash,explorer_url,donor_wallet,comment'
let t: LedgerTestApp
let donor: PayingUser
let owner: PayingUser
let other: PayingUser
let admin: PayingUser
let emergency: Emergency
let first: string
let second: string
beforeAll(async () => {
  ;({
    t,
    admin,
    users: [donor, owner, other],
  } = await ledgerAppWithAdmin([5, 1, 0]))
  emergency = await createEmergency(t.app, owner.bearer, { title: 'Café roof, "north" wing', sol_goal: '30' })
  first = await donate(SOL / 4n, { tip: 12_500_000n, comment: 'Stay strong' })
  second = await donate(SOL / 10n, { comment: 'Rebuild, repair, "repeat"\nsee you\r\nsoon' })
})
afterAll(async () => {
  await t.close()
})

async function donate(lamports: bigint, { tip = 0n, comment }: { tip?: bigint; comment?: string }) {
  const signature = await pay(t, donor.keypair, [
    { to: emergency.receiving_wallet, lamports },
    ...(tip > 0n ? [{ to: t.config.platformWallet, lamports: tip }] : []),
  ])
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/emergency/donate/',
    headers: donor.bearer,
    payload: {
      emergency_id: emergency.id,
      amount: formatSol(lamports),
      tip_amount: formatSol(tip),
      tx_hash: signature,
      comment,
    },
  })
  expect(response.statusCode).toBe(201)
  return signature
}

const download = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers })
const rowsOf = (text: string) => parse(text, { bom: true, columns: true }) as Record<string, string>[]

describe('GET /api/emergency/{id}/donations.csv', () => {
  it('gives the owner every gift, oldest first, as RFC 4180 CSV in UTF-8 with the issue’s columns', async () => {
    const response = await download(`/api/emergency/${emergency.id}/donations.csv`, owner.bearer)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8; header=present')
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="lifeline-emergency-${emergency.id}-donations.csv"`,
    )
    expect(response.headers['cache-control']).toBe('private, no-store')
    const bytes = response.rawPayload
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(bytes.subarray(3).toString('utf8').startsWith(`${HEADER}\r\n`)).toBe(true)

    const receipt = (await t.app.inject({ method: 'GET', url: `/api/receipts/${first}/` })).json<Receipt>()
    const rows = rowsOf(response.body)
    expect(rows.map((r) => r.tx_hash)).toEqual([first, second])
    expect(rows[0]).toEqual({
      date: receipt.block_time,
      emergency_id: String(emergency.id),
      emergency_title: 'Café roof, "north" wing',
      amount_sol: '0.25',
      tip_sol: '0.0125',
      amount_usdc: '',
      tip_usdc: '',
      tx_hash: first,
      explorer_url: receipt.explorer_url,
      donor_wallet: donor.address,
      comment: 'Stay strong',
    })
  })

  it('quotes a comment with commas, newlines and quotes so that it reads back exactly', async () => {
    const text = (await download(`/api/emergency/${emergency.id}/donations.csv`, owner.bearer)).body
    expect(text).toContain('"Café roof, ""north"" wing"')
    expect(text).toContain('"Rebuild, repair, ""repeat""\nsee you\r\nsoon"')
    expect(rowsOf(text)[1]!.comment).toBe('Rebuild, repair, "repeat"\nsee you\r\nsoon')
  })

  it('gives an admin the same file, 403 to another user, 401 signed out, 404 for an unknown emergency', async () => {
    const url = `/api/emergency/${emergency.id}/donations.csv`
    const asOwner = await download(url, owner.bearer)
    const asAdmin = await download(url, admin.bearer)
    expect(asAdmin.statusCode).toBe(200)
    expect(asAdmin.body).toBe(asOwner.body)
    expect((await download(url, other.bearer)).json()).toMatchObject({ code: 'forbidden' })
    expect((await download(url, other.bearer)).statusCode).toBe(403)
    expect((await download(url)).statusCode).toBe(401)
    expect((await download('/api/emergency/987654/donations.csv', admin.bearer)).statusCode).toBe(404)
  })

  it('neutralises every cell a spreadsheet would run as a formula', async () => {
    const risky = await createEmergency(t.app, owner.bearer, { title: '=HYPERLINK("http://x.example")' })
    const comments = ['=1+2', '+SUM(A1:A9)', '-2+3', '@cmd', '\tcmd', '\rcmd', 'plain = fine']
    await insertDonations(t.db, { emergencyId: risky.id, donorWallet: donor.address, comments })
    const text = (await download(`/api/emergency/${risky.id}/donations.csv`, owner.bearer)).body
    const rows = rowsOf(text)
    expect(rows.map((r) => r.comment)).toEqual([
      "'=1+2",
      "'+SUM(A1:A9)",
      "'-2+3",
      "'@cmd",
      "'\tcmd",
      "'\rcmd",
      'plain = fine',
    ])
    for (const row of rows) expect(row.emergency_title).toBe(`'=HYPERLINK("http://x.example")`)
  })
})

describe('GET /api/emergency/my-donations.csv', () => {
  it('gives the signed-in donor their own gifts and nobody else’s; 401 signed out', async () => {
    const elsewhere = await createEmergency(t.app, owner.bearer, { title: 'Second appeal' })
    await insertDonations(t.db, {
      emergencyId: elsewhere.id,
      donorWallet: other.address,
      comments: ['not mine'],
    })
    const mine = await download('/api/emergency/my-donations.csv', donor.bearer)
    expect(mine.statusCode).toBe(200)
    expect(mine.headers['content-disposition']).toBe('attachment; filename="lifeline-my-donations.csv"')
    expect(rowsOf(mine.body).map((r) => [r.tx_hash, r.donor_wallet])).toEqual([
      [first, donor.address],
      [second, donor.address],
    ])
    expect(rowsOf((await download('/api/emergency/my-donations.csv', other.bearer)).body)).toEqual([])
    expect((await download('/api/emergency/my-donations.csv')).statusCode).toBe(401)
  })

  it('compresses the stream when the client accepts it', async () => {
    const plain = await download('/api/emergency/my-donations.csv', donor.bearer)
    const gzip = await download('/api/emergency/my-donations.csv', {
      ...donor.bearer,
      'accept-encoding': 'gzip',
    })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    const { gunzipSync } = await import('node:zlib')
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body)
  })
})
