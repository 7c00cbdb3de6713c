// The chat an approved investment intent opens: participants read and write, admins read, nobody else does;
// documents are private files served as attachments.
import fs from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChatDocument, ChatMessage } from '../../api-contract/chat'
import { diskStore } from '../../server/storage'
import { ledgerAppWithAdmin, type LedgerTestApp, type PayingUser } from '../helpers/ledger'
import { approvedChat, approvedKyc, listedCampaign } from './airdrops-fixtures'
import { jpeg, multipart, png } from './emergencies-fixtures'

type Headers = Record<string, string>
let t: LedgerTestApp
let privateDir: string
let owner: PayingUser
let investor: PayingUser
let stranger: PayingUser
let admin: PayingUser
let session: string
beforeAll(async () => {
  privateDir = await fs.mkdtemp('/tmp/lifeline-chat-private-')
  ;({
    t,
    admin,
    users: [owner, investor, stranger],
  } = await ledgerAppWithAdmin([3, 0, 0], { deps: { privateStorage: diskStore(privateDir) } }))
  await approvedKyc(t.app, owner.bearer, admin.bearer, 'Grace Hopper')
  await approvedKyc(t.app, investor.bearer, admin.bearer, 'Ada Lovelace')
  const campaign = await listedCampaign(t, owner)
  session = await approvedChat(t.app, campaign.id, investor.bearer, admin.bearer)
})
afterAll(async () => {
  await t.close()
  await fs.rm(privateDir, { recursive: true, force: true })
})

const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url, headers })
const send = (user: { bearer: Headers }, message: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/airdrop/chat/${session}/send/`,
    headers: user.bearer,
    payload: { message },
  })
const upload = (
  user: { bearer: Headers } | undefined,
  body: Buffer,
  filename: string,
  contentType = 'application/pdf',
) => {
  const form = multipart({}, [{ name: 'file', filename, contentType, body }])
  return t.app.inject({
    method: 'POST',
    url: `/api/airdrop/chat/${session}/upload-doc/`,
    headers: { ...(user?.bearer ?? {}), ...form.headers },
    payload: form.payload,
  })
}
const messages = async (user: { bearer: Headers }, after?: number) =>
  (
    await get(
      `/api/airdrop/chat/${session}/messages/${after === undefined ? '' : `?after=${after}`}`,
      user.bearer,
    )
  ).json<ChatMessage[]>()
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')

describe('chat messages', () => {
  it('keeps everyone but the participants and admins out', async () => {
    const paths = ['messages/', 'upload-doc/']
    for (const path of paths) {
      expect((await get(`/api/airdrop/chat/${session}/${path}`)).statusCode).toBe(401)
      const refused = await get(`/api/airdrop/chat/${session}/${path}`, stranger.bearer)
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toMatchObject({ error: 'You are not authorized to view this chat.' })
    }
    expect((await send(stranger, 'let me in')).statusCode).toBe(403)
    expect((await send({ bearer: {} }, 'anonymous')).statusCode).toBe(401)
    expect((await upload(stranger, pdf, 'x.pdf')).statusCode).toBe(403)
    expect((await get('/api/airdrop/chat/not-a-uuid/messages/', owner.bearer)).statusCode).toBe(404)
    expect((await get(`/api/airdrop/chat/${crypto.randomUUID()}/messages/`, owner.bearer)).statusCode).toBe(
      404,
    )
  })

  it('delivers messages oldest first with roles, KYC names and e-mails, and only newer ones after an id', async () => {
    expect(await messages(owner)).toEqual([])
    const first = await send(investor, '  Hello from the investor  ')
    expect(first.statusCode).toBe(201)
    expect(first.json()).toMatchObject({
      sender_role: 'Investor',
      sender_fullname: 'Ada Lovelace',
      message: 'Hello from the investor',
    })
    const reply = (await send(owner, 'Hello from the developer')).json<ChatMessage>()
    expect(reply).toMatchObject({ sender_role: 'Developer', sender_fullname: 'Grace Hopper' })
    expect(reply.sender_email).toContain('@')
    const all = await messages(investor)
    expect(all.map((m) => m.message)).toEqual(['Hello from the investor', 'Hello from the developer'])
    expect(await messages(owner, all[0]!.id)).toEqual([reply])
    expect(await messages(owner, reply.id)).toEqual([])
    expect((await messages(admin)).length).toBe(2)
  })

  it('refuses blank and over-long messages, and admins do not write', async () => {
    expect((await send(owner, '   ')).statusCode).toBe(400)
    expect((await send(owner, 'x'.repeat(4001))).statusCode).toBe(400)
    expect((await send(owner, 'x'.repeat(4000))).statusCode).toBe(201)
    expect((await send(admin, 'admin here')).statusCode).toBe(403)
  })
})

describe('chat documents', () => {
  let doc: ChatDocument
  it('stores a PDF privately, keeping its sanitized name as metadata', async () => {
    const response = await upload(investor, pdf, '../../etc/Term sheet <é>.pdf')
    expect(response.statusCode).toBe(201)
    doc = response.json()
    expect(doc.file_name).toBe('Term sheet é.pdf')
    expect((await fs.readdir(privateDir)).some((n) => n.endsWith('.pdf'))).toBe(true)
    expect(
      (await get(`/api/media/${(await fs.readdir(privateDir)).find((n) => n.endsWith('.pdf'))}`)).statusCode,
    ).toBe(404)
    const list = (await get(`/api/airdrop/chat/${session}/upload-doc/`, owner.bearer)).json<ChatDocument[]>()
    expect(list).toEqual([doc])
  })

  it('serves it as an attachment to participants and admins only', async () => {
    const path = new URL(doc.file).pathname
    expect((await get(path)).statusCode).toBe(401)
    expect((await get(path, stranger.bearer)).statusCode).toBe(403)
    for (const who of [owner, investor, admin]) {
      const response = await get(path, who.bearer)
      expect(response.statusCode).toBe(200)
      expect(response.rawPayload.equals(pdf)).toBe(true)
      expect(response.headers['content-type']).toBe('application/pdf')
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="Term sheet _.pdf"; filename*=UTF-8''Term%20sheet%20%C3%A9.pdf`,
      )
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(response.headers['cache-control']).toBe('private, no-store')
    }
    expect((await get(`/api/airdrop/chat/${session}/documents/999999/`, owner.bearer)).statusCode).toBe(404)
  })

  it('accepts images (re-encoded, named for their real type) and refuses other types and big files', async () => {
    const image = await upload(owner, await jpeg(), 'photo.html', 'text/html')
    expect(image.statusCode).toBe(201)
    expect(image.json<ChatDocument>().file_name).toBe('photo.html.jpg')
    expect((await upload(owner, await png(), 'chart.png', 'image/png')).statusCode).toBe(201)
    const html = await upload(owner, Buffer.from('<html><script>alert(1)</script></html>'), 'a.pdf')
    expect(html.statusCode).toBe(415)
    const big = await upload(owner, Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)]), 'big.pdf')
    expect(big.statusCode).toBe(413)
    expect(big.json()).toMatchObject({ error: 'File too large. Maximum allowed size is 5MB.' })
    expect((await upload(undefined, pdf, 'anon.pdf')).statusCode).toBe(401)
  })
})

describe('GET /api/airdrop/chat/{session}/: who the chat is between', () => {
  it("names the campaign and both parties, and each reader's side; an admin reads it with no side", async () => {
    const about = (user: { bearer: Headers }) => get(`/api/airdrop/chat/${session}/`, user.bearer)
    const seen = await about(investor)
    expect(seen.statusCode).toBe(200)
    expect(seen.json()).toMatchObject({
      campaign_id: expect.any(Number),
      project_name: expect.any(String),
      developer_name: 'Grace Hopper',
      investor_name: 'Ada Lovelace',
      your_role: 'Investor',
    })
    expect((await about(owner)).json()).toMatchObject({ your_role: 'Developer' })
    expect((await about(admin)).json()).toMatchObject({ your_role: null })
    expect((await about(stranger)).json()).toMatchObject({ code: 'forbidden' })
  })
})
