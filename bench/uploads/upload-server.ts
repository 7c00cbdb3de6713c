// The server the upload benches measure: one Node process serving over real HTTP on 127.0.0.1 (PGlite in memory,
// files in a temp folder), the client in the same process, and the forms they send. Only HTTP and the files on
// disk are used, so the same bench runs against an older checkout for a "before" figure.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import sharp from 'sharp'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { fromPglite, PGLITE_OPTIONS } from '../../server/db/client'
import { migrate } from '../../server/db/migrate'
import { diskStore } from '../../server/storage'
import { emergencyFields, type FilePart, multipart } from '../../tests/api/emergencies-fixtures'
import { testWallet } from '../../tests/helpers/wallet'

export const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!
export const ms = (x: number) => `${x.toFixed(x < 10 ? 1 : 0)} ms`

export interface Answer {
  status: number
  body: ArrayBuffer
}

export type Form = { payload: Buffer; headers: Record<string, string> }

/** The app on a fresh PGlite and temp folder; requests may name their client address (X-Forwarded-For). */
export async function uploadServer() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lifeline-bench-uploads-'))
  const config = loadConfig(
    {
      DATA_DIR: dir,
      LOG_LEVEL: 'error',
      PORT: '0',
      RATE_LIMIT_NONCE: '1000',
      RATE_LIMIT_REGISTER: '1000',
      // The client is this process: it says which address each request comes from.
      TRUST_PROXY: '127.0.0.1',
      // Long enough for the slowest request to finish, so it is measured rather than cut off.
      CONNECTION_TIMEOUT_MS: '600000',
      REQUEST_TIMEOUT_MS: '600000',
    },
    { secrets: 'memory' },
  )
  const pglite = await PGlite.create(PGLITE_OPTIONS)
  const database = fromPglite(pglite)
  await migrate(database.db)
  const uploadsDir = path.join(dir, 'uploads')
  const app = await buildApp(config, {
    db: database.db,
    distDir: '/nonexistent',
    storage: diskStore(uploadsDir),
    privateStorage: diskStore(path.join(dir, 'private')),
  })
  const base = await app.listen({ port: 0, host: '127.0.0.1' })

  /** One request; a body that is a Buffer is sent as it is (never copied), anything else as JSON. */
  async function call(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const raw = body instanceof Buffer
    const response = await fetch(`${base}${url}`, {
      method,
      headers: body !== undefined && !raw ? { 'content-type': 'application/json', ...headers } : headers,
      body: raw ? body : body === undefined ? undefined : JSON.stringify(body),
      duplex: 'half',
    } as RequestInit)
    return { status: response.status, body: await response.arrayBuffer() }
  }
  const parse = <T>(r: Answer) => JSON.parse(Buffer.from(r.body).toString()) as T

  let clients = 0
  /** A signed-in campaigner on an address of its own (upload rate limits and quotas are not what is measured). */
  async function campaigner() {
    const ip = { 'x-forwarded-for': `198.51.${Math.floor(++clients / 250)}.${clients % 250}` }
    const wallet = testWallet()
    const nonce = parse<{ message: string }>(
      await call('GET', `/api/users/nonce/?wallet_address=${wallet.address}`, undefined, ip),
    )
    const signed = {
      wallet_address: wallet.address,
      message: nonce.message,
      signature: wallet.sign(nonce.message),
    }
    const tokens = parse<{ access: string }>(
      await call('POST', '/api/users/register/', { ...signed, email: 'bench@example.com' }, ip),
    )
    return { authorization: `Bearer ${tokens.access}`, ...ip }
  }

  /** POST emergency/create/ with `form`, as a new campaigner. */
  async function upload(form: Form) {
    return call('POST', '/api/emergency/create/', form.payload, { ...(await campaigner()), ...form.headers })
  }

  return {
    base,
    uploadsDir,
    call,
    parse,
    campaigner,
    upload,
    async close() {
      await app.close()
      await pglite.close()
      await fs.rm(dir, { recursive: true, force: true })
    },
  }
}

/** A WebP of about `megapixels` MP that compresses well (the review's 10 images fitted in 835 KB). */
export async function bigWebp(megapixels: number) {
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

/** A WebP of about `megapixels` MP with a photo's texture (blurred noise, quality 80): costly to decode, as the
 * flat one above is not. */
export async function photoWebp(megapixels: number) {
  const side = Math.floor(Math.sqrt(megapixels * 1_000_000))
  const grain = await sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 120, sigma: 25 },
    },
  })
    .blur(1.5)
    .png({ compressionLevel: 1 })
    .toBuffer()
  return sharp(grain).webp({ quality: 80 }).toBuffer()
}

/** An emergency's create form with `count` copies of `image`. */
export function imagesForm(image: Buffer, count: number, contentType = 'image/webp'): Form {
  const files: FilePart[] = Array.from({ length: count }, (_, i) => ({
    name: 'proof_images',
    filename: `proof-${i}.webp`,
    contentType,
    body: image,
  }))
  return multipart(emergencyFields(), files)
}

/** The whole process's CPU time (sharp's threads included) and the wall time of `work`. */
export async function measured<T>(work: () => Promise<T>) {
  const cpu = process.cpuUsage()
  const t0 = performance.now()
  const result = await work()
  const wall = performance.now() - t0
  const used = process.cpuUsage(cpu)
  return { result, wall, cpuMs: (used.user + used.system) / 1000 }
}

/** Latencies of GET `url`, one after the other, until `until()` and at least `atLeast` of them. */
export async function getLatencies(
  call: (method: string, url: string) => Promise<Answer>,
  url: string,
  until: () => boolean,
  atLeast: number,
) {
  const latencies: number[] = []
  while (latencies.length < atLeast || !until()) {
    const t0 = performance.now()
    const response = await call('GET', url)
    if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`)
    latencies.push(performance.now() - t0)
  }
  return latencies
}
