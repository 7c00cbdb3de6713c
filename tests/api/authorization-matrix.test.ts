// The authorization matrix (issue 11), generated from the route table: every route the app registers must have
// an entry below, with a request that passes the route's schema and the status each principal gets (anonymous,
// another user, the owner of the objects, the owner's chat participant, an admin). A new route without an entry,
// or an entry for a route that no longer exists, fails the first test. Principals run in PRINCIPALS order, so a
// write that succeeds (an admin's approval) comes after the refusals; `fresh` builds a new target per principal
// where a success would consume it (a delete). One app for the whole file, driven with inject.
// Record the observed statuses (to review a change) with MATRIX_PRINT=1.
import { createECDH, randomBytes, randomUUID } from 'node:crypto'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createWorld, PRINCIPALS, type Principal, type World } from './world-fixtures'
import { createEmergency, emergencyFields, multipart, png } from './emergencies-fixtures'
import { campaignFields, kycForm } from './airdrops-fixtures'

type Statuses = Record<Principal, number>
type Request = Omit<InjectOptions, 'method' | 'url' | 'headers'> & {
  url: string
  headers?: Record<string, string>
}
interface Entry {
  /** the request (the same for every principal), or one built per principal */
  request: (w: World, who: Principal) => Request | Promise<Request>
  expect: Statuses
}

/** [anonymous, other, owner, participant, admin] */
const s = (...codes: [number, number, number, number, number]): Statuses =>
  Object.fromEntries(PRINCIPALS.map((p, i) => [p, codes[i]!])) as Statuses
const all = (code: number) => s(code, code, code, code, code)
const get = (url: string | ((w: World) => string)) => (w: World) => ({
  url: typeof url === 'string' ? url : url(w),
})
const json = (url: (w: World) => string, payload: (w: World) => object) => (w: World) => ({
  url: url(w),
  payload: payload(w),
})
const form = async (
  url: string,
  fields: Record<string, string>,
  file?: { name: string; type: string; body: Buffer },
) => {
  const body = multipart(
    fields,
    file ? [{ name: file.name, filename: 'upload', contentType: file.type, body: file.body }] : [],
  )
  return { url, payload: body.payload, headers: body.headers }
}
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n')
/** A browser's PushSubscription JSON on a push host that does not resolve here (nothing is ever sent to it). */
function browserSubscription() {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return {
    endpoint: `https://push.invalid/send/${randomUUID()}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  }
}
const SIG = '5'.repeat(87)

const MATRIX: Record<string, Entry> = {
  // Public reads.
  'OPTIONS *': {
    request: () => ({
      url: '/api/config/',
      headers: { origin: 'https://wallet.example', 'access-control-request-method': 'GET' },
    }),
    expect: all(204),
  },
  'GET /api/docs': { request: get('/api/docs'), expect: all(200) },
  'GET /api/docs/static/index.html': { request: get('/api/docs/static/index.html'), expect: all(302) },
  'GET /api/docs/static/swagger-initializer.js': {
    request: get('/api/docs/static/swagger-initializer.js'),
    expect: all(200),
  },
  'GET /api/docs/json': { request: get('/api/docs/json'), expect: all(200) },
  'GET /api/docs/yaml': { request: get('/api/docs/yaml'), expect: all(200) },
  'GET /api/docs/static/*': { request: get('/api/docs/static/swagger-ui.css'), expect: all(200) },
  'GET /api/config/': { request: get('/api/config/'), expect: all(200) },
  'GET /api/health/': { request: get('/api/health/'), expect: all(200) },
  // A stream: the answer is taken at its headers (it stays open until the app closes).
  'GET /api/live/donations/': {
    request: () => ({ url: '/api/live/donations/?emergency_id=1', payloadAsStream: true }),
    expect: all(200),
  },
  'GET /api/users/nonce/': {
    request: get((w) => `/api/users/nonce/?wallet_address=${w.users.other.address}`),
    expect: all(200),
  },
  'GET /api/users/check-wallet/': {
    request: get((w) => `/api/users/check-wallet/?wallet_address=${w.users.other.address}`),
    expect: all(200),
  },
  'GET /api/emergency/list/': { request: get('/api/emergency/list/'), expect: all(200) },
  'GET /api/emergency/featured/': { request: get('/api/emergency/featured/'), expect: all(200) },
  'GET /api/emergency/detail/:id/': {
    request: get((w) => `/api/emergency/detail/${w.emergency.id}/`),
    expect: all(200),
  },
  'GET /api/emergency/public-donations/': {
    request: get('/api/emergency/public-donations/'),
    expect: all(200),
  },
  'GET /api/emergency/:id/donations/': {
    request: get((w) => `/api/emergency/${w.emergency.id}/donations/`),
    expect: all(200),
  },
  'GET /api/emergency/:id/updates/': {
    request: get((w) => `/api/emergency/${w.emergency.id}/updates/`),
    expect: all(200),
  },
  'GET /api/media/:name': { request: get((w) => `/api/media/${w.mediaName}`), expect: all(200) },
  'GET /api/share-images/:name/:shape': {
    request: get((w) => `/api/share-images/${w.mediaName}/card`),
    expect: all(200),
  },
  'GET /api/airdrop/campaigns/': { request: get('/api/airdrop/campaigns/'), expect: all(200) },
  'GET /actions.json': { request: get('/actions.json'), expect: all(200) },
  'OPTIONS /actions.json': { request: get('/actions.json'), expect: all(200) },
  'GET /api/actions/donate/:id': {
    request: get((w) => `/api/actions/donate/${w.emergency.id}`),
    expect: all(200),
  },
  'OPTIONS /api/actions/donate/:id': {
    request: get((w) => `/api/actions/donate/${w.emergency.id}`),
    expect: all(200),
  },
  'POST /api/actions/donate/:id': {
    request: json(
      (w) => `/api/actions/donate/${w.emergency.id}?amount=0.01`,
      (w) => ({ account: w.users.other.address }),
    ),
    expect: all(200),
  },
  'GET /api/actions/checkouts/:checkout/': {
    // A checkout id is a capability (random); an unknown one reads as still open.
    request: get('/api/actions/checkouts/00000000-0000-4000-8000-000000000000/'),
    expect: all(200),
  },

  // Sign-in: public, and a made-up signature or token is refused whoever asks.
  'POST /api/users/login/': {
    request: json(
      () => '/api/users/login/',
      (w) => ({ wallet_address: w.users.other.address, signature: SIG, message: 'not a nonce' }),
    ),
    expect: all(401),
  },
  'POST /api/users/register/': {
    request: json(
      () => '/api/users/register/',
      (w) => ({
        wallet_address: w.users.other.address,
        email: 'x@example.com',
        signature: SIG,
        message: 'x',
      }),
    ),
    expect: all(401),
  },
  'POST /api/users/token/refresh/': {
    request: json(
      () => '/api/users/token/refresh/',
      () => ({ refresh: 'made-up' }),
    ),
    expect: all(401),
  },
  'POST /api/users/logout/': {
    request: json(
      () => '/api/users/logout/',
      () => ({ refresh: 'made-up' }),
    ),
    expect: all(204),
  },
  'GET /api/wallet-relay/:request_id/': {
    request: get('/api/wallet-relay/AAAAAAAAAAAAAAAAAAAAAA/'),
    expect: all(404),
  },
  'POST /api/wallet-relay/:request_id/': {
    request: json(
      () => '/api/wallet-relay/AAAAAAAAAAAAAAAAAAAAAA/',
      () => ({ errorCode: '4001' }),
    ),
    // Public: the id is the capability. The first answer is kept, later ones conflict.
    expect: s(201, 409, 409, 409, 409),
  },

  // Signed-in reads of one's own things.
  'GET /api/users/me/': { request: get('/api/users/me/'), expect: s(401, 200, 200, 200, 200) },
  'GET /api/emergency/my-emergencies/': {
    request: get('/api/emergency/my-emergencies/'),
    expect: s(401, 200, 200, 200, 200),
  },
  'GET /api/emergency/my-donations/': {
    request: get('/api/emergency/my-donations/'),
    expect: s(401, 200, 200, 200, 200),
  },
  'GET /api/emergency/my-donations.csv': {
    request: get('/api/emergency/my-donations.csv'),
    expect: s(401, 200, 200, 200, 200),
  },
  'GET /api/emergency/:id/donations.csv': {
    request: get((w) => `/api/emergency/${w.emergency.id}/donations.csv`),
    expect: s(401, 403, 200, 403, 200),
  },
  'POST /api/download-links/': {
    request: json(
      () => '/api/download-links/',
      () => ({ path: '/api/emergency/my-donations.csv' }),
    ),
    expect: s(401, 201, 201, 201, 201),
  },
  // Public, like the feed it is reached from; a signature with no donation is a 404 to everyone.
  'GET /api/receipts/:tx_hash/': { request: get(`/api/receipts/${SIG}/`), expect: all(404) },
  'GET /api/emergency/my-totals/': {
    request: get('/api/emergency/my-totals/'),
    expect: s(401, 200, 200, 200, 200),
  },
  'GET /api/notifications/': {
    request: get('/api/notifications/'),
    expect: s(401, 200, 200, 200, 200),
  },
  'GET /api/notifications/unread/': {
    request: get('/api/notifications/unread/'),
    expect: s(401, 200, 200, 200, 200),
  },
  'POST /api/notifications/read/': {
    request: json(
      () => '/api/notifications/read/',
      () => ({}),
    ),
    expect: s(401, 200, 200, 200, 200),
  },
  'GET /api/emergency/user-donations/': {
    request: get('/api/emergency/user-donations/'),
    expect: s(401, 200, 200, 200, 200),
  },
  'GET /api/emergency/my-latest-tips/': {
    request: get('/api/emergency/my-latest-tips/'),
    expect: s(401, 200, 200, 200, 200),
  },
  'GET /api/badges/mybadges/': { request: get('/api/badges/mybadges/'), expect: s(401, 200, 200, 200, 200) },
  'GET /api/airdrop/kyc/me/': { request: get('/api/airdrop/kyc/me/'), expect: s(401, 200, 200, 200, 200) },
  'GET /api/airdrop/campaigns/my/': {
    request: get('/api/airdrop/campaigns/my/'),
    expect: s(401, 200, 200, 200, 200),
  },
  'GET /api/airdrop/investment/my/': {
    request: get('/api/airdrop/investment/my/'),
    expect: s(401, 200, 200, 200, 200),
  },

  // Admin screens.
  'GET /api/emergency/tips/': { request: get('/api/emergency/tips/'), expect: s(401, 403, 403, 403, 200) },
  'GET /api/emergency/admin/:id/flags/': {
    request: get((w) => `/api/emergency/admin/${w.emergency.id}/flags/`),
    expect: s(401, 403, 403, 403, 200),
  },
  'GET /api/emergency/admin/flagged/': {
    request: get('/api/emergency/admin/flagged/'),
    expect: s(401, 403, 403, 403, 200),
  },
  'GET /api/airdrop/admin/kyc-submissions/': {
    request: get('/api/airdrop/admin/kyc-submissions/'),
    expect: s(401, 403, 403, 403, 200),
  },
  'GET /api/airdrop/admin/campaign-payments/': {
    request: get('/api/airdrop/admin/campaign-payments/'),
    expect: s(401, 403, 403, 403, 200),
  },
  'GET /api/airdrop/admin/investment-intents/': {
    request: get('/api/airdrop/admin/investment-intents/'),
    expect: s(401, 403, 403, 403, 200),
  },

  // Private files and unlisted things: owner (and admin) only; others learn nothing (404) or are refused (403).
  'GET /api/airdrop/kyc/image/:id/': {
    request: get((w) => `/api/airdrop/kyc/image/${w.ownerKyc.id}/`),
    expect: s(401, 403, 200, 403, 200),
  },
  'GET /api/airdrop/campaigns/:id/': {
    request: get((w) => `/api/airdrop/campaigns/${w.unlistedCampaign.id}/`),
    expect: s(404, 404, 200, 404, 200),
  },

  // The chat: its two participants; admins read.
  'GET /api/airdrop/chat/:session/': {
    request: get((w) => `/api/airdrop/chat/${w.session}/`),
    expect: s(401, 403, 200, 200, 200),
  },
  'GET /api/airdrop/chat/:session/messages/': {
    request: get((w) => `/api/airdrop/chat/${w.session}/messages/`),
    expect: s(401, 403, 200, 200, 200),
  },
  'GET /api/airdrop/chat/:session/upload-doc/': {
    request: get((w) => `/api/airdrop/chat/${w.session}/upload-doc/`),
    expect: s(401, 403, 200, 200, 200),
  },
  'GET /api/airdrop/chat/:session/documents/:id/': {
    request: get((w) => `/api/airdrop/chat/${w.session}/documents/${w.document.id}/`),
    expect: s(401, 403, 200, 200, 200),
  },
  'POST /api/airdrop/chat/:session/send/': {
    request: json(
      (w) => `/api/airdrop/chat/${w.session}/send/`,
      () => ({ message: 'Hello' }),
    ),
    expect: s(401, 403, 201, 201, 403),
  },
  'POST /api/airdrop/chat/:session/read/': {
    request: json(
      (w) => `/api/airdrop/chat/${w.session}/read/`,
      () => ({ last_message_id: 1 }),
    ),
    expect: s(401, 403, 200, 200, 403),
  },
  'GET /api/airdrop/chat/unread/': {
    request: get('/api/airdrop/chat/unread/'),
    expect: s(401, 200, 200, 200, 200),
  },
  'POST /api/airdrop/chat/:session/upload-doc/': {
    request: (w) =>
      form(
        `/api/airdrop/chat/${w.session}/upload-doc/`,
        {},
        { name: 'file', type: 'application/pdf', body: PDF },
      ),
    expect: s(401, 403, 201, 201, 403),
  },

  // Writes on the owner's emergency.
  'PATCH /api/emergency/update/:id/': {
    request: json(
      (w) => `/api/emergency/update/${w.emergency.id}/`,
      () => ({ title: 'Flood relief, updated' }),
    ),
    expect: s(401, 403, 200, 403, 403),
  },
  'DELETE /api/emergency/delete/:id/': {
    request: async (w) => ({
      url: `/api/emergency/delete/${(await createEmergency(w.t.app, w.users.owner.bearer)).id}/`,
    }),
    expect: s(401, 403, 200, 403, 403),
  },
  'POST /api/emergency/boost/': {
    request: json(
      () => '/api/emergency/boost/',
      (w) => ({ emergency_id: w.emergency.id, tx_hash: SIG }),
    ),
    expect: s(401, 403, 422, 403, 403),
  },
  'POST /api/emergency/:id/updates/': {
    request: (w) => form(`/api/emergency/${w.emergency.id}/updates/`, { text: 'The roof is closed.' }),
    expect: s(401, 403, 201, 403, 403),
  },
  'DELETE /api/emergency/:id/updates/:update_id/': {
    request: async (w) => {
      const posted = await w.t.app.inject({
        method: 'POST',
        url: `/api/emergency/${w.emergency.id}/updates/`,
        headers: w.users.owner.bearer,
        payload: { text: 'To be removed' },
      })
      return { url: `/api/emergency/${w.emergency.id}/updates/${posted.json<{ id: number }>().id}/` }
    },
    expect: s(401, 403, 204, 403, 204),
  },
  'POST /api/emergency/:id/flag/': {
    request: json(
      (w) => `/api/emergency/${w.emergency.id}/flag/`,
      () => ({ reason: 'Looks copied' }),
    ),
    // Its owner never flags it (403 own_emergency).
    expect: s(200, 200, 403, 200, 200),
  },
  'POST /api/emergency/admin/:id/review/': {
    request: json(
      (w) => `/api/emergency/admin/${w.emergency.id}/review/`,
      () => ({ action: 'reject' }),
    ),
    expect: s(401, 403, 403, 403, 200),
  },
  'POST /api/emergency/donate/': {
    request: json(
      () => '/api/emergency/donate/',
      (w) => ({ emergency_id: w.emergency.id, amount: '0.01', tx_hash: SIG }),
    ),
    expect: s(401, 422, 422, 422, 422),
  },
  'POST /api/emergency/donate/recover/': {
    request: json(
      () => '/api/emergency/donate/recover/',
      (w) => ({ emergency_id: w.emergency.id, tx_hash: SIG }),
    ),
    expect: s(401, 422, 422, 422, 422),
  },
  'POST /api/emergency/create/': {
    request: async () =>
      form('/api/emergency/create/', emergencyFields(), {
        name: 'proof_images',
        type: 'image/png',
        body: await png(),
      }),
    expect: s(401, 201, 201, 201, 201),
  },

  // Web push: anyone signed in subscribes a browser and follows an emergency; the endpoint alone unsubscribes.
  'POST /api/push/subscriptions/': {
    request: () => ({ url: '/api/push/subscriptions/', payload: browserSubscription() }),
    expect: s(401, 201, 201, 201, 201),
  },
  'DELETE /api/push/subscriptions/': {
    request: () => ({
      url: '/api/push/subscriptions/',
      payload: { endpoint: browserSubscription().endpoint },
    }),
    expect: all(204),
  },
  'GET /api/emergency/:id/follow/': {
    request: get((w) => `/api/emergency/${w.emergency.id}/follow/`),
    expect: s(401, 200, 200, 200, 200),
  },
  'POST /api/emergency/:id/follow/': {
    request: get((w) => `/api/emergency/${w.emergency.id}/follow/`),
    expect: s(401, 200, 200, 200, 200),
  },
  'DELETE /api/emergency/:id/follow/': {
    request: get((w) => `/api/emergency/${w.emergency.id}/follow/`),
    expect: s(401, 200, 200, 200, 200),
  },

  // KYC: anyone signed in submits once; admins review.
  'POST /api/airdrop/kyc/submit/': {
    request: async () => {
      const body = await kycForm()
      return { url: '/api/airdrop/kyc/submit/', payload: body.payload, headers: body.headers }
    },
    expect: s(401, 409, 409, 409, 201),
  },
  'POST /api/airdrop/kyc/review/:id/': {
    request: json(
      (w) => `/api/airdrop/kyc/review/${w.pendingKyc.id}/`,
      () => ({ action: 'reject', reason: 'Blurry' }),
    ),
    expect: s(401, 403, 403, 403, 200),
  },

  // Campaigns: approved KYC creates; the owner pays; admins decide on claims.
  'POST /api/airdrop/campaigns/create/': {
    request: () => form('/api/airdrop/campaigns/create/', campaignFields()),
    expect: s(401, 403, 201, 201, 403),
  },
  'POST /api/airdrop/campaigns/:id/submit-payment/': {
    request: json(
      (w) => `/api/airdrop/campaigns/${w.unlistedCampaign.id}/submit-payment/`,
      () => ({ tx_hash: SIG }),
    ),
    expect: s(401, 403, 422, 403, 403),
  },
  'POST /api/airdrop/campaigns/:id/reject-payment/': {
    request: json(
      (w) => `/api/airdrop/campaigns/${w.unlistedCampaign.id}/reject-payment/`,
      (w) => ({ payment_id: w.claim.id }),
    ),
    expect: s(401, 403, 403, 403, 200),
  },
  'POST /api/airdrop/campaigns/:id/approve-payment/': {
    request: json(
      (w) => `/api/airdrop/campaigns/${w.unlistedCampaign.id}/approve-payment/`,
      (w) => ({ payment_id: w.claim.id }),
    ),
    expect: s(401, 403, 403, 403, 200),
  },

  // Investments: KYC-approved users other than the owner; admins decide.
  'POST /api/airdrop/investment/:campaign_id/submit/': {
    request: json(
      (w) => `/api/airdrop/investment/${w.campaign.id}/submit/`,
      () => ({ proposed_amount: '1', message: 'Interested' }),
    ),
    expect: s(401, 403, 403, 201, 403),
  },
  'POST /api/airdrop/investment/:id/reject/': {
    request: json(
      (w) => `/api/airdrop/investment/${w.pendingIntent}/reject/`,
      () => ({}),
    ),
    expect: s(401, 403, 403, 403, 200),
  },
  'POST /api/airdrop/investment/:id/approve/': {
    request: json(
      (w) => `/api/airdrop/investment/${w.pendingIntent}/approve/`,
      () => ({}),
    ),
    expect: s(401, 403, 403, 403, 409),
  },
}

let world: World
let ip = 0
beforeAll(async () => {
  world = await createWorld()
}, 120_000)
afterAll(() => world?.close())

const keyOf = (method: string, url: string) => `${method} ${url}`
const registered = () =>
  world.routes.flatMap((route) =>
    [route.method]
      .flat()
      .filter((method) => method !== 'HEAD')
      .map((method) => keyOf(method, route.url)),
  )

describe('authorization matrix over the route table', () => {
  it('has an entry for every registered route, and none for a route that does not exist', () => {
    const routes = registered()
    expect(
      routes.filter((key) => !(key in MATRIX)),
      'routes without a matrix entry',
    ).toEqual([])
    expect(
      Object.keys(MATRIX).filter((key) => !routes.includes(key)),
      'entries without a route',
    ).toEqual([])
  })

  it('answers each principal the expected status on each route', async () => {
    const observed: Record<string, Statuses> = {}
    for (const [key, entry] of Object.entries(MATRIX)) {
      const method = key.slice(0, key.indexOf(' ')) as InjectOptions['method']
      const statuses = {} as Statuses
      for (const who of PRINCIPALS) {
        const { headers, ...request } = await entry.request(world, who)
        const response = await world.t.app.inject({
          ...request,
          method,
          headers: { ...world.headers(who), ...headers },
          remoteAddress: `10.77.${Math.floor(++ip / 250)}.${ip % 250}`,
        })
        statuses[who] = response.statusCode
      }
      observed[key] = statuses
      if (process.env.MATRIX_PRINT) console.log(key, JSON.stringify(PRINCIPALS.map((p) => statuses[p])))
    }
    const expected = Object.fromEntries(Object.entries(MATRIX).map(([key, entry]) => [key, entry.expect]))
    expect(observed).toEqual(expected)
  }, 120_000)
})
