// The build's hashed scripts and styles (dist/assets/*.js, *.css) from memory. A name there is its content's hash,
// so a file read once is that name's answer for as long as the server runs: each encoding the build wrote
// (scripts/precompress.ts) is read from disk at its first request and kept. Through @fastify/static every request
// opened, stat'ed and streamed the file: ~1 ms of the server's CPU, 60 of them per first visit (the page, then the
// service worker's precache). Anything else under /assets/ goes to the static plugin as before.
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { pickEncoding, varyOnEncoding, type Encoding } from './compression'

const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
}
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' }
/** A file name the build writes: no folder, no leading dot. */
const ASSET_NAME = /^[\w-][\w.-]*$/

type Kept = { body: Buffer; etag: string; encoding: Encoding | undefined }

export function registerHashedAssets(app: FastifyInstance, distDir: string, immutable: string) {
  // Only files that exist are kept (a name asked for and missing is not: any name can be asked for), so this
  // holds at most the build's own files.
  const kept = new Map<string, Kept>()
  const read = (name: string, encoding: Encoding | undefined): Kept | undefined => {
    const key = `${encoding ?? 'identity'}:${name}`
    let asset = kept.get(key)
    if (!asset) {
      const file = path.join(distDir, 'assets', name + (encoding ? SUFFIX[encoding] : ''))
      if (!fs.existsSync(file)) return undefined
      asset = { body: fs.readFileSync(file), etag: `"${name}-${encoding ?? 'identity'}"`, encoding }
      kept.set(key, asset)
    }
    return asset
  }

  app.get<{ Params: { '*': string } }>('/assets/*', (request, reply) => {
    const name = request.params['*']
    const type = TYPES[path.extname(name)]
    if (!type || !ASSET_NAME.test(name)) return reply.sendFile(`assets/${name}`)
    const wanted = pickEncoding(request.headers['accept-encoding'])
    // A copy the build did not write (a file added by hand) falls back to the file itself.
    const asset = (wanted && read(name, wanted)) || read(name, undefined)
    if (!asset) return reply.callNotFound()
    varyOnEncoding(reply)
    reply.header('cache-control', immutable).header('etag', asset.etag).type(type)
    if (asset.encoding) reply.header('content-encoding', asset.encoding)
    if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send()
    return reply.send(asset.body)
  })
}
