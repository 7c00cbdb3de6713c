// Upload cost (issues 11 and 34): the CPU time of the worst emergency-create requests (the review's 10 × 36 MP and
// 10 × 16 MP WebP requests, and the largest request the server accepts), the p99 of a public image GET while four
// such requests run at once, and how much the server's memory grows while 12 creates of 10 × 4.9 MB files that are
// not images arrive at once. `node --import tsx bench/uploads.bench.ts`
// Env: BENCH_GETS_BASELINE (200) image GETs with nothing else running, BENCH_PARALLEL (4) uploads at once,
// BENCH_REFUSED (12) refused creates at once.
import { execFile } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import {
  bigWebp,
  getLatencies,
  photoWebp,
  imagesForm,
  measured,
  ms,
  pct,
  uploadServer,
  type Form,
} from './uploads/upload-server'

const BASELINE_GETS = Number(process.env.BENCH_GETS_BASELINE ?? 200)
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 4)
const REFUSED = Number(process.env.BENCH_REFUSED ?? 12)
/** The pixels the server accepts in one request (MAX_REQUEST_PIXELS); before it, 10 images at the 16 MP cap. */
const REQUEST_PIXEL_BUDGET_MP = 128
const execFileAsync = promisify(execFile)

const server = await uploadServer()
const { call, parse, upload } = server

/** One upload alone: its status, the whole process's CPU time and the wall time. */
async function measureOne(label: string, megapixels: number, photo = false): Promise<Form> {
  const image = await (photo ? photoWebp : bigWebp)(megapixels)
  const form = imagesForm(image, 10)
  const { result, cpuMs, wall } = await measured(() => upload(form))
  console.log(
    `${label}: ${(form.payload.length / 1024).toFixed(0)} KB request (${(image.length / 1024).toFixed(0)} KB per image), ` +
      `HTTP ${result.status}, CPU ${ms(cpuMs)}, wall ${ms(wall)}`,
  )
  return form
}

/** Peak growth of the process's resident memory over its level before `work`, sampled every 10 ms. */
async function peakGrowth<T>(work: () => Promise<T>) {
  const before = process.memoryUsage.rss()
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10)
  try {
    const result = await work()
    return { result, growthMb: (Math.max(peak, process.memoryUsage.rss()) - before) / 1024 / 1024 }
  } finally {
    clearInterval(sampler)
  }
}

// A public proof image to fetch meanwhile.
const created = parse<{ proof_images: { image: string }[] }>(await upload(imagesForm(await bigWebp(0.3), 1)))
const imageUrl = new URL(created.proof_images[0]!.image).pathname

console.log(`cores: ${os.cpus().length}, load average ${os.loadavg()[0]!.toFixed(1)}`)
await measureOne('review request (issue 11), 10 × 36 MP WebP', 36)
await measureOne('review request (issue 34, N4), 10 × 16 MP WebP', 15.99)
const worst = await measureOne(
  `largest accepted, 10 × ${REQUEST_PIXEL_BUDGET_MP / 10} MP WebP photos`,
  REQUEST_PIXEL_BUDGET_MP / 10 - 0.01,
  true,
)

const alone = await getLatencies(call, imageUrl, () => true, BASELINE_GETS)
console.log(
  `image GET alone: p50 ${ms(pct(alone, 50))}, p99 ${ms(pct(alone, 99))} (${alone.length} requests)`,
)

let running = PARALLEL
const uploads = Array.from({ length: PARALLEL }, () => upload(worst).finally(() => running--))
const during = await getLatencies(call, imageUrl, () => running === 0, 1)
const statuses = (await Promise.all(uploads)).map((r) => r.status)
console.log(
  `image GET during ${PARALLEL} such uploads at once (HTTP ${statuses.join(', ')}): ` +
    `p50 ${ms(pct(during, 50))}, p99 ${ms(pct(during, 99))}, max ${ms(Math.max(...during))} (${during.length} requests)`,
)

// Issue 34, N2: files that are not images (random bytes), 4.9 MB each, 10 per create, REFUSED creates at once, sent
// by a client process of its own, so that this process's memory is the server's.
const headers = await Promise.all(Array.from({ length: REFUSED }, () => server.campaigner()))
const { result: refused, growthMb } = await peakGrowth(() =>
  measured(async () => {
    const url = `${server.base}/api/emergency/create/`
    const client = execFileAsync(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(import.meta.dirname, 'uploads/junk-client.ts'),
        JSON.stringify({ url, headers }),
      ],
      { maxBuffer: 1 << 20 },
    )
    return JSON.parse((await client).stdout) as { answers: string[]; megabytes: number }
  }),
)
const answers = Object.entries(
  refused.result.answers.reduce<Record<string, number>>((n, s) => ({ ...n, [s]: (n[s] ?? 0) + 1 }), {}),
)
console.log(
  `${REFUSED} creates at once of 10 × 4.9 MB files that are not images (${refused.result.megabytes.toFixed(0)} MB each): ` +
    `answers ${answers.map(([s, n]) => `${n} × ${s}`).join(', ')}, server memory +${growthMb.toFixed(0)} MB at its peak, ` +
    `server CPU ${ms(refused.cpuMs)}, wall ${ms(refused.wall)}`,
)

await server.close()
