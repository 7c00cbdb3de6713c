// Unread chat messages: each participant's read marker per chat, and the count the app's navigation shows. A
// message is unread for a participant when the other party sent it after their marker; only the two participants
// keep a marker, and it never moves back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChatMessage, ChatUnread } from '../../api-contract/chat'
import { ledgerAppWithAdmin, type LedgerTestApp, type PayingUser } from '../helpers/ledger'
import { approvedChat, approvedKyc, listedCampaign } from './airdrops-fixtures'

type Headers = Record<string, string>
let t: LedgerTestApp
let owner: PayingUser
let investor: PayingUser
let second: PayingUser
let stranger: PayingUser
let admin: PayingUser
let chat: string
let otherChat: string
beforeAll(async () => {
  ;({
    t,
    admin,
    users: [owner, investor, second, stranger],
  } = await ledgerAppWithAdmin([3, 0, 0, 0]))
  await approvedKyc(t.app, owner.bearer, admin.bearer, 'Grace Hopper')
  await approvedKyc(t.app, investor.bearer, admin.bearer, 'Ada Lovelace')
  await approvedKyc(t.app, second.bearer, admin.bearer, 'Katherine Johnson')
  const campaign = await listedCampaign(t, owner)
  chat = await approvedChat(t.app, campaign.id, investor.bearer, admin.bearer)
  otherChat = await approvedChat(t.app, campaign.id, second.bearer, admin.bearer)
})
afterAll(() => t.close())

const unread = async (user: { bearer: Headers }) => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/airdrop/chat/unread/',
    headers: user.bearer,
  })
  expect(response.statusCode).toBe(200)
  return response.json<ChatUnread>()
}
const send = async (user: { bearer: Headers }, session: string, message: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/airdrop/chat/${session}/send/`,
    headers: user.bearer,
    payload: { message },
  })
  expect(response.statusCode).toBe(201)
  return response.json<ChatMessage>()
}
const markRead = (headers: Headers, session: string, lastMessageId: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/airdrop/chat/${session}/read/`,
    headers,
    payload: { last_message_id: lastMessageId },
  })

describe('GET /api/airdrop/chat/unread/', () => {
  it('counts what the other party sent, per chat, for each side; your own messages never count', async () => {
    expect(await unread(owner)).toEqual({ count: 0, sessions: [] })
    await send(investor, chat, 'Hello from Ada')
    await send(investor, chat, 'Did you see the term sheet?')
    await send(second, otherChat, 'Hello from Katherine')
    await send(owner, otherChat, 'Hello Katherine')
    expect(await unread(owner)).toEqual({
      count: 3,
      sessions: [
        { session_id: otherChat, unread: 1, your_role: 'Developer' },
        { session_id: chat, unread: 2, your_role: 'Developer' },
      ],
    })
    expect(await unread(investor)).toEqual({ count: 0, sessions: [] })
    expect(await unread(second)).toEqual({
      count: 1,
      sessions: [{ session_id: otherChat, unread: 1, your_role: 'Investor' }],
    })
    expect(await unread(stranger)).toEqual({ count: 0, sessions: [] })
    expect(await unread(admin)).toEqual({ count: 0, sessions: [] })
  })

  it('is for signed-in users only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/airdrop/chat/unread/' })
    expect(response.statusCode).toBe(401)
  })
})

describe('POST /api/airdrop/chat/{session}/read/', () => {
  it('marks the chat read up to the message the reader has seen, and answers what is still unread', async () => {
    const messages = await t.app.inject({
      method: 'GET',
      url: `/api/airdrop/chat/${chat}/messages/`,
      headers: owner.bearer,
    })
    const [first, second] = messages.json<ChatMessage[]>()
    const partly = await markRead(owner.bearer, chat, first!.id)
    expect(partly.statusCode).toBe(200)
    expect(partly.json()).toMatchObject({ count: 2, sessions: [{}, { session_id: chat, unread: 1 }] })
    expect((await markRead(owner.bearer, chat, second!.id)).json()).toEqual({
      count: 1,
      sessions: [{ session_id: otherChat, unread: 1, your_role: 'Developer' }],
    })
    expect(await unread(owner)).toMatchObject({ count: 1 })
  })

  it('never moves the marker back, nor past the messages the chat has', async () => {
    expect((await markRead(owner.bearer, chat, 0)).json()).toMatchObject({ count: 1 })
    // An id beyond the chat's newest message (here, the other chat's) marks only what exists.
    const ahead = await send(second, otherChat, 'One more from Katherine')
    expect((await markRead(owner.bearer, chat, ahead.id + 1000)).statusCode).toBe(200)
    const later = await send(investor, chat, 'Sent after the marker')
    const now = await unread(owner)
    expect(now.count).toBe(3)
    expect(now.sessions).toContainEqual({ session_id: chat, unread: 1, your_role: 'Developer' })
    await markRead(owner.bearer, chat, later.id)
    await markRead(owner.bearer, otherChat, ahead.id)
    expect(await unread(owner)).toEqual({ count: 0, sessions: [] })
  })

  it('is for the two participants only: 401 signed out, 403 for others and admins, 404 for an unknown chat', async () => {
    expect((await markRead({}, chat, 1)).statusCode).toBe(401)
    const refused = await markRead(stranger.bearer, chat, 1)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({
      code: 'forbidden',
      error: 'You are not authorized to view this chat.',
    })
    expect((await markRead(second.bearer, chat, 1)).statusCode).toBe(403)
    expect((await markRead(admin.bearer, chat, 1)).json()).toMatchObject({
      code: 'forbidden',
      error: 'Only the chat participants keep a read marker.',
    })
    expect((await markRead(owner.bearer, crypto.randomUUID(), 1)).statusCode).toBe(404)
    expect((await markRead(owner.bearer, 'not-a-uuid', 1)).statusCode).toBe(404)
    expect((await markRead(owner.bearer, chat, -1)).statusCode).toBe(400)
    expect((await markRead(owner.bearer, chat, 'latest')).statusCode).toBe(400)
  })
})
