// Share images (issue 34, N1): one client cycling through 80 share-image URLs (a card and a square for each of 40
// proof images), 40 requests at a time, 240 in all: the whole process's CPU time, the answers, and the latency of a
// plain public image GET meanwhile. Twice: for images uploaded now, and for images stored before their share
// images were made at upload (their share files removed). `node --import tsx bench/share-images.bench.ts`
// Env: BENCH_SHARE_REQUESTS (240), BENCH_SHARE_AT_ONCE (40).
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { bigWebp, getLatencies, imagesForm, measured, ms, pct, uploadServer } from './uploads/upload-server'

const REQUESTS = Number(process.env.BENCH_SHARE_REQUESTS ?? 240)
const AT_ONCE = Number(process.env.BENCH_SHARE_AT_ONCE ?? 40)

const server = await uploadServer()
const { call, parse, upload } = server

// 40 proof images of 4 MP (stored at 2000 × 2000, as a phone photo is after the 2048 px fit), 10 per emergency.
const names: string[] = []
for (let i = 0; i < 4; i++) {
  const created = await upload(imagesForm(await bigWebp(4 + i / 100), 10))
  if (created.status !== 201) throw new Error(`create: ${created.status}`)
  const images = parse<{ proof_images: { image: string }[] }>(created).proof_images
  names.push(...images.map((image) => new URL(image.image).pathname.split('/').pop()!))
}
const other = parse<{ proof_images: { image: string }[] }>(await upload(imagesForm(await bigWebp(0.3), 1)))
const imageUrl = new URL(other.proof_images[0]!.image).pathname
const urls = names.flatMap((name) => [
  `/api/share-images/${name}/card.webp`,
  `/api/share-images/${name}/square.webp`,
])

/** REQUESTS share-image GETs from one client address, AT_ONCE at a time, cycling through the 80 URLs. */
async function cycle() {
  let next = 0
  const statuses: Record<number, number> = {}
  const client = { 'x-forwarded-for': '203.0.113.7' }
  async function worker() {
    while (next < REQUESTS) {
      const url = urls[next++ % urls.length]!
      const { status } = await call('GET', url, undefined, client)
      statuses[status] = (statuses[status] ?? 0) + 1
    }
  }
  await Promise.all(Array.from({ length: AT_ONCE }, worker))
  return statuses
}

async function row(label: string) {
  let running = true
  const gets = getLatencies(call, imageUrl, () => !running, 1)
  const { result, cpuMs, wall } = await measured(() => cycle().finally(() => (running = false)))
  const during = await gets
  const answers = Object.entries(result).map(([status, n]) => `${n} × ${status}`)
  console.log(
    `${label}: ${REQUESTS} share-image GETs over ${urls.length} URLs, ${AT_ONCE} at a time (${answers.join(', ')}): ` +
      `CPU ${ms(cpuMs)}, wall ${ms(wall)}; image GET meanwhile p50 ${ms(pct(during, 50))}, ` +
      `p99 ${ms(pct(during, 99))}, max ${ms(Math.max(...during))} (${during.length} requests)`,
  )
}

console.log(`cores: ${os.cpus().length}, load average ${os.loadavg()[0]!.toFixed(1)}`)
await row('images uploaded now')
// Images stored before share images were made at upload: their share files are not there.
for (const file of await fs.readdir(server.uploadsDir))
  if (/-(card|square)\.webp$/.test(file)) await fs.rm(path.join(server.uploadsDir, file))
await row('images stored before share images (files removed)')

await server.close()
