// Upload cost (issue 11, finding 3): the CPU time of the worst emergency-create request (10 proof images at the
// server's pixel cap, and the review's 10 × 36-megapixel WebP request), and the p99 of a public image GET while
// four such requests run at once. `node --import tsx bench/uploads.bench.ts`
// Env: BENCH_GETS_BASELINE (200) image GETs with nothing else running, BENCH_PARALLEL (4) uploads at once.
// One Node process serves (real HTTP on 127.0.0.1, PGlite in memory, files in a temp folder); the client runs in
// the same process, so its own work is in the CPU figure's process only as a few milliseconds of HTTP.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import sharp from 'sharp'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { fromPglite, PGLITE_OPTIONS } from '../server/db/client'
import { migrate } from '../server/db/migrate'
import { diskStore } from '../server/storage'
import { MAX_IMAGE_PIXELS } from '../server/storage/images'
import { emergencyFields, multipart } from '../tests/api/emergencies-fixtures'
import { testWallet } from '../tests/helpers/wallet'

const BASELINE_GETS = Number(process.env.BENCH_GETS_BASELINE ?? 200)
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 4)

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!
const ms = (x: number) => `${x.toFixed(x < 10 ? 1 : 0)} ms`

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lifeline-bench-uploads-'))
const config = {
  ...loadConfig(
    {
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      PORT: '0',
      RATE_LIMIT_NONCE: '1000',
      RATE_LIMIT_REGISTER: '1000',
      // Long enough for the slowest request to finish, so it is measured rather than cut off.
      CONNECTION_TIMEOUT_MS: '600000',
      REQUEST_TIMEOUT_MS: '600000',
    },
    { secrets: 'memory' },
  ),
}
const pglite = await PGlite.create(PGLITE_OPTIONS)
const database = fromPglite(pglite)
await migrate(database.db)
const app = await buildApp(config, {
  db: database.db,
  distDir: '/nonexistent',
  storage: diskStore(path.join(dir, 'uploads')),
  privateStorage: diskStore(path.join(dir, 'private')),
})
const base = await app.listen({ port: 0, host: '127.0.0.1' })

async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const json = body !== undefined && !(body instanceof Buffer)
  const response = await fetch(`${base}${url}`, {
    method,
    headers: json ? { 'content-type': 'application/json', ...headers } : headers,
    body: json ? JSON.stringify(body) : body && new Uint8Array(body as Buffer).slice().buffer,
  })
  return { status: response.status, body: await response.arrayBuffer() }
}
const parse = <T>(r: { body: ArrayBuffer }) => JSON.parse(Buffer.from(r.body).toString()) as T

// A signed-in campaigner (a new one per upload: the per-user quota is not what this measures).
async function campaigner() {
  const wallet = testWallet()
  const nonce = parse<{ message: string }>(
    await call('GET', `/api/users/nonce/?wallet_address=${wallet.address}`),
  )
  const signed = {
    wallet_address: wallet.address,
    message: nonce.message,
    signature: wallet.sign(nonce.message),
  }
  const tokens = parse<{ access: string }>(
    await call('POST', '/api/users/register/', { ...signed, email: 'bench@example.com' }),
  )
  return { authorization: `Bearer ${tokens.access}` }
}

/** A WebP of about `megapixels` MP that compresses well (the review's 10 images fitted in 835 KB). */
async function bigWebp(megapixels: number) {
  const side = Math.floor(Math.sqrt(megapixels * 1_000_000))
  const stripes = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">` +
      Array.from(
        { length: 24 },
        (_, i) =>
          `<rect x="0" y="${(i * side) / 24}" width="${side}" height="${side / 48}" fill="hsl(${i * 15},70%,50%)"/>`,
      ).join('') +
      '</svg>',
  )
  return sharp({ create: { width: side, height: side, channels: 3, background: '#fafafa' } })
    .composite([{ input: stripes }])
    .webp({ quality: 60 })
    .toBuffer()
}

async function createForm(megapixels: number) {
  const image = await bigWebp(megapixels)
  const files = Array.from({ length: 10 }, (_, i) => ({
    name: 'proof_images',
    filename: `proof-${i}.webp`,
    contentType: 'image/webp',
    body: image,
  }))
  return { form: multipart(emergencyFields(), files), imageBytes: image.length }
}

async function upload(form: { payload: Buffer; headers: Record<string, string> }) {
  const headers = { ...(await campaigner()), ...form.headers }
  return call('POST', '/api/emergency/create/', form.payload, headers)
}

/** One upload alone: wall time and the whole process's CPU time (sharp's threads included). */
async function measureOne(label: string, megapixels: number) {
  const { form, imageBytes } = await createForm(megapixels)
  const cpu = process.cpuUsage()
  const t0 = performance.now()
  const response = await upload(form)
  const wall = performance.now() - t0
  const used = process.cpuUsage(cpu)
  const cpuMs = (used.user + used.system) / 1000
  console.log(
    `${label}: ${(form.payload.length / 1024).toFixed(0)} KB request (${(imageBytes / 1024).toFixed(0)} KB per image), ` +
      `HTTP ${response.status}, CPU ${ms(cpuMs)}, wall ${ms(wall)}`,
  )
  return form
}

async function getLatencies(url: string, until: () => boolean, atLeast: number) {
  const latencies: number[] = []
  while (latencies.length < atLeast || !until()) {
    const t0 = performance.now()
    const response = await call('GET', url)
    if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`)
    latencies.push(performance.now() - t0)
  }
  return latencies
}

// A public proof image to fetch meanwhile.
const small = multipart(emergencyFields(), [
  { name: 'proof_images', filename: 'p.webp', contentType: 'image/webp', body: await bigWebp(0.3) },
])
const created = parse<{ proof_images: { image: string }[] }>(await upload(small))
const imageUrl = new URL(created.proof_images[0]!.image).pathname

console.log(`pixel cap: ${MAX_IMAGE_PIXELS / 1_000_000} MP; cores: ${os.cpus().length}`)
await measureOne('review request, 10 × 36 MP WebP', 36)
const worst = await measureOne(
  `largest accepted, 10 × ${MAX_IMAGE_PIXELS / 1_000_000} MP WebP`,
  MAX_IMAGE_PIXELS / 1_000_000 - 0.01,
)

const alone = await getLatencies(imageUrl, () => true, BASELINE_GETS)
console.log(
  `image GET alone: p50 ${ms(pct(alone, 50))}, p99 ${ms(pct(alone, 99))} (${alone.length} requests)`,
)

let running = PARALLEL
const uploads = Array.from({ length: PARALLEL }, () => upload(worst).finally(() => running--))
const during = await getLatencies(imageUrl, () => running === 0, 1)
const statuses = (await Promise.all(uploads)).map((r) => r.status)
console.log(
  `image GET during ${PARALLEL} such uploads at once (HTTP ${statuses.join(', ')}): ` +
    `p50 ${ms(pct(during, 50))}, p99 ${ms(pct(during, 99))}, max ${ms(Math.max(...during))} (${during.length} requests)`,
)

await app.close()
await pglite.close()
await fs.rm(dir, { recursive: true, force: true })
