// Property-based fuzzing of every route in the route table (issue 11): requests of the right shape carrying
// hostile values (huge numbers, NUL, control characters, Unicode, empty and very long text, wrong types), signed
// in as each kind of user or anonymous. Property: no answer is a 5xx. On a failure fast-check prints the seed and
// the shrunk request; replay it with FUZZ_SEED=<seed>.
import { randomBytes } from 'node:crypto'
import bs58 from 'bs58'
import fc from 'fast-check'
import type { InjectOptions } from 'fastify'
import sharp from 'sharp'
import { Type } from 'typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CampaignFields } from '../../api-contract/airdrops'
import { EmergencyFields } from '../../api-contract/emergencies'
import { IdType } from '../../api-contract/kyc'
import { UpdateFields } from '../../api-contract/updates'
import { RelayedAnswer } from '../../api-contract/wallet-relay'
import { testDatabaseUrl } from '../helpers/database'
import {
  fieldValue,
  fuzzValue,
  hostileText,
  hostileValue,
  type KnownValues,
  type JsonSchema,
  objectOf,
  pathSegment,
  queryString,
  schemaOf,
  textOf,
  valueOf,
} from '../helpers/fuzz'
import { multipart } from './emergencies-fixtures'
import { createWorld, PRINCIPALS, type World } from './world-fixtures'

/** Requests in all (PGlite); the PostgreSQL run repeats a quarter of them. */
const TOTAL = testDatabaseUrl() ? 2_500 : 10_000
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined

let world: World
let sent = 0
const fuzzed = new Set<string>()
beforeAll(async () => {
  world = await createWorld()
}, 120_000)
afterAll(async () => {
  console.log(`fuzzing: ${sent} requests on ${fuzzed.size} routes`)
  await world?.close()
})

const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as JsonSchema

/** The multipart forms the API reads, by route: their text fields and the name of their file field. */
const FORMS: Record<string, { fields: Record<string, JsonSchema>; file: string }> = {
  'POST /api/emergency/create/': {
    fields: { ...EmergencyFields.properties, delete_images: Type.String() } as Record<string, JsonSchema>,
    file: 'proof_images',
  },
  'PATCH /api/emergency/update/:id/': {
    fields: { ...EmergencyFields.properties, delete_images: Type.String() } as Record<string, JsonSchema>,
    file: 'proof_images',
  },
  'POST /api/airdrop/campaigns/create/': {
    fields: CampaignFields.properties as Record<string, JsonSchema>,
    file: 'image',
  },
  'POST /api/airdrop/kyc/submit/': {
    fields: {
      full_name: text(200),
      country: text(100),
      full_address: text(500),
      id_type: IdType as JsonSchema,
    },
    file: 'id_image',
  },
  'POST /api/airdrop/chat/:session/upload-doc/': { fields: {}, file: 'file' },
  'POST /api/emergency/:id/updates/': {
    fields: UpdateFields.properties as Record<string, JsonSchema>,
    file: 'images',
  },
}

let images: Buffer[]
beforeAll(async () => {
  const base = sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
  const png = await base.clone().png().toBuffer()
  images = [png, await base.clone().jpeg().toBuffer(), await base.clone().webp().toBuffer()]
  images.push(Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]), png.subarray(0, 40))
  images.push(Buffer.from('%PDF-1.4\n%%EOF\n'), Buffer.from('<svg onload="alert(1)"/>'))
})

const fileBody = fc.oneof(
  fc.integer({ min: 0, max: 6 }).map((i) => images[i]!),
  fc.uint8Array({ maxLength: 2_000 }).map((bytes) => Buffer.from(bytes)),
)

/** Field values that get past the first checks, so the deeper ones are fuzzed too. */
function knownFields(): KnownValues {
  const future = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
  return {
    receiving_wallet: [world.users.other.address, world.emergency.receiving_wallet],
    wallet_address: [world.users.owner.address, world.users.other.address],
    deadline: [future],
    sol_goal: ['1.5', '25'],
    amount: ['0.01', 0.5],
    proposed_amount: ['2'],
    tip_amount: ['0.001'],
    emergency_id: [world.emergency.id],
    payment_id: [world.claim.id],
    action: ['approve', 'reject'],
    email: ['someone@example.com'],
    message: ['Hello'],
    title: ['Flood relief'],
    description: ['Families lost their homes.'],
    project_name: ['Solar Seeds'],
    full_name: ['Ada Lovelace'],
    // the wallet relay: a refusal, or an approval's encrypted parts
    errorCode: ['4001', '-32603'],
    nonce: [bs58.encode(randomBytes(24))],
    data: [bs58.encode(randomBytes(120))],
    phantom_encryption_public_key: [bs58.encode(randomBytes(32))],
  }
}

/** Fresh 128-bit relay request ids (a used one answers 409 before its body is stored). */
const relayIds = Array.from({ length: 500 }, () => randomBytes(16).toString('base64url'))

function multipartBody(form: (typeof FORMS)[string]) {
  const known = knownFields()
  const fields = fc.record(
    Object.fromEntries(Object.entries(form.fields).map(([k, s]) => [k, fieldValue(k, s, known).map(textOf)])),
    { requiredKeys: [] },
  )
  const file = fc.record({
    name: fc.oneof({ weight: 4, arbitrary: fc.constant(form.file) }, fc.string({ maxLength: 10 })),
    filename: fc.oneof(
      { weight: 3, arbitrary: fc.constant('upload.png') },
      fc.string({ unit: 'binary', maxLength: 30 }),
    ),
    contentType: fc.constantFrom('image/png', 'application/pdf', 'text/html'),
    body: fileBody,
  })
  return fc
    .tuple(fields, fc.array(file, { maxLength: 3 }))
    .map(([values, files]) => multipart(values as Record<string, string>, files))
}

function jsonBody(schema: JsonSchema | undefined) {
  const shaped = schema
    ? [{ weight: 5, arbitrary: objectOf(schema, knownFields()).map((b) => JSON.stringify(b)) }]
    : []
  return fc
    .oneof(
      ...shaped,
      { weight: 1, arbitrary: hostileValue.map((v) => JSON.stringify(v) ?? 'null') },
      { weight: 1, arbitrary: fc.constantFrom('{"a":', '', '[[[[[[[[[[[[[[[[[[[[', '{"__proto__":{"x":1}}') },
    )
    .map((payload) => ({ payload, headers: { 'content-type': 'application/json' } }))
}

function requestFor(route: World['routes'][number], method: string): fc.Arbitrary<InjectOptions> {
  const key = `${method} ${route.url}`
  const known: Record<string, unknown[]> = {
    id: [
      world.emergency.id,
      world.campaign.id,
      world.unlistedCampaign.id,
      world.pendingKyc.id,
      world.ownerKyc.id,
      world.pendingIntent,
      world.document.id,
      world.claim.id,
    ],
    campaign_id: [world.campaign.id],
    session: [world.session],
    name: [world.mediaName],
    request_id: relayIds,
  }
  const paramsSchema = schemaOf(route, 'params')?.properties ?? {}
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!)
  const params = fc.record(
    Object.fromEntries(
      names.map((name) => [
        name,
        fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...(known[name] ?? ['x'])) },
          { weight: 2, arbitrary: fuzzValue(paramsSchema[name] ?? { type: 'string' }) },
        ),
      ]),
    ),
  )
  const wildcard = fc.oneof(
    fc.constantFrom('', 'index.html', 'json', '..%2f..%2fetc%2fpasswd'),
    fc.string({ unit: 'binary', maxLength: 30 }).map(pathSegment),
  )
  const querySchema = schemaOf(route, 'querystring')
  const query = querySchema
    ? objectOf(querySchema).map(queryString)
    : fc.oneof(
        fc.constant(''),
        fc.dictionary(fc.string({ maxLength: 8 }), hostileValue, { maxKeys: 2 }).map(queryString),
      )
  const form = FORMS[key]
  const body =
    method === 'GET' || method === 'HEAD'
      ? fc.constant({ payload: undefined, headers: {} })
      : form
        ? fc.oneof({ weight: 4, arbitrary: multipartBody(form) }, jsonBody(undefined))
        : jsonBody(schemaOf(route, 'body'))
  const who = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...PRINCIPALS).map((p) => world.headers(p)) },
    fc.constantFrom(
      { authorization: 'Bearer not.a.jwt' },
      { authorization: 'Basic x' },
      { authorization: 'Bearer ' },
    ),
  )
  return fc.record({ params, wildcard, query, body, who, ip: fc.ipV4() }).map((r) => {
    const path = route.url
      .replace(/:(\w+)/g, (_, name: string) => pathSegment(r.params[name]))
      .replace('*', r.wildcard)
      .replace(/^(?!\/)/, '/')
    return {
      method: method as InjectOptions['method'],
      url: `${path}${r.query}`,
      payload: r.body.payload,
      headers: { ...r.who, ...r.body.headers },
      remoteAddress: r.ip,
    }
  })
}

describe('fuzzing every route: no input answers 5xx', () => {
  it('collected the route table', () => {
    expect(world.routes.length).toBeGreaterThan(30)
  })

  // GET before writes, DELETE last, so fewer fixtures are gone while the other routes are fuzzed.
  const order = (method: string) =>
    ['GET', 'HEAD', 'OPTIONS', 'POST', 'PATCH', 'PUT', 'DELETE'].indexOf(method)
  it('answers every generated request below 500', async () => {
    const targets = world.routes
      .flatMap((route) => [route.method].flat().map((method) => ({ route, method })))
      .filter(({ method }) => method !== 'HEAD')
      .sort((a, b) => order(a.method) - order(b.method))
    const perRoute = Math.ceil(TOTAL / targets.length)
    for (const { route, method } of targets) {
      fuzzed.add(`${method} ${route.url}`)
      if (process.env.FUZZ_VERBOSE) console.log(`fuzzing ${method} ${route.url}`)
      await fc.assert(
        fc.asyncProperty(requestFor(route, method), async (request) => {
          // A stream (server-sent events) is judged by its headers, then left.
          const stream = route.config?.eventStream === true
          const response = await world.t.app.inject({ ...request, payloadAsStream: stream })
          sent++
          if (stream) response.stream().destroy()
          if (response.statusCode >= 500) {
            throw new Error(
              `${response.statusCode} for ${request.method} ${String(request.url).slice(0, 300)}: ${stream ? '' : response.body.slice(0, 300)}`,
            )
          }
        }),
        { numRuns: perRoute, seed: SEED, endOnFailure: false },
      )
    }
    expect(sent).toBeGreaterThanOrEqual(TOTAL)
  }, 600_000)

  // The relay stores what a wallet answered, as it came: each of its text fields, hostile, in an answer that is
  // otherwise complete (a refusal, or an approval), so every such value reaches the database.
  it("stores or refuses (400, 413) every text in the wallet relay's answer fields, and hands back what it stored", async () => {
    const valid = {
      refusal: { errorCode: '4001', errorMessage: 'User rejected the request.' },
      approval: knownApproval(),
    }
    const fields = Object.keys(RelayedAnswer.properties) as (keyof typeof RelayedAnswer.properties)[]
    const answers = fc
      .record({
        kind: fc.constantFrom<keyof typeof valid>('refusal', 'approval'),
        field: fc.constantFrom(...fields),
        // text only (Ajv turns a number into its text, so the answer read back would differ)
        value: fc.oneof(valueOf(RelayedAnswer.properties.errorMessage as JsonSchema), hostileText),
      })
      .map(({ kind, field, value }) => ({ ...valid[kind], [field]: value }))
    await fc.assert(
      fc.asyncProperty(answers, async (answer) => {
        const url = `/api/wallet-relay/${randomBytes(16).toString('base64url')}/`
        const stored = await world.t.app.inject({ method: 'POST', url, payload: answer })
        sent++
        expect(stored.statusCode, `${stored.body} for ${JSON.stringify(answer)}`).toBeLessThan(500)
        if (stored.statusCode === 201) {
          const read = await world.t.app.inject({ method: 'GET', url })
          expect(read.json()).toEqual(answer)
        } else expect([400, 413]).toContain(stored.statusCode)
      }),
      { numRuns: testDatabaseUrl() ? 100 : 400, seed: SEED },
    )
  }, 120_000)
})

function knownApproval() {
  const known = knownFields()
  return {
    nonce: known.nonce![0],
    data: known.data![0],
    phantom_encryption_public_key: known.phantom_encryption_public_key![0],
  }
}
