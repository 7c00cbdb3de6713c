// Brotli and gzip copies of every compressible file of the PWA build, written beside it (app.js → app.js.br,
// app.js.gz) at build time, at the highest levels: the server sends them as they are (server/plugins/static.ts),
// so no request pays for compression. Every file gets both copies, even the rare one compression does not
// shrink: a copy left from an earlier build must never outlive its source.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

/** Writes `.br` and `.gz` beside each compressible file under `dir`; returns how many files it compressed. */
export function precompress(dir: string): number {
  let compressed = 0
  for (const file of filesUnder(dir).filter((path) => COMPRESSIBLE.test(path))) {
    const body = readFileSync(file)
    const brotli = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    })
    const gzip = gzipSync(body, { level: 9 })
    writeFileSync(`${file}.br`, brotli)
    writeFileSync(`${file}.gz`, gzip)
    compressed++
  }
  return compressed
}
