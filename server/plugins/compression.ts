// Compressed answers: JSON and HTML above a threshold leave brotli- or gzip-encoded, as the client accepts.
// Static files are compressed at build time and served by the static plugin; cached answers keep their
// compressed forms, so a hot read is compressed once, not per request.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { CachedAnswer } from '../lib/read-cache'

/** Below this many bytes compression saves less than it costs (a packet holds ~1.4 KB). */
export const COMPRESS_MIN_BYTES = 1024
const COMPRESSIBLE = /^(application\/(json|javascript|manifest\+json|xml)|text\/|image\/svg\+xml)/

export type Encoding = 'br' | 'gzip'

/** The best encoding the Accept-Encoding header allows (brotli first), honouring q=0. */
export function pickEncoding(header: string | string[] | undefined): Encoding | undefined {
  if (!header) return undefined
  // Clients send a handful of distinct headers: each is parsed once (bounded, so odd headers cannot grow it).
  const text = String(header)
  if (picked.has(text)) return picked.get(text)
  const encoding = parseAcceptEncoding(text)
  if (picked.size >= PICKED_MAX) picked.clear()
  picked.set(text, encoding)
  return encoding
}

const PICKED_MAX = 100
const picked = new Map<string, Encoding | undefined>()

function parseAcceptEncoding(header: string): Encoding | undefined {
  const accepted = new Set<string>()
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param))
    if (name && !refused) accepted.add(name.trim())
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip'
  return undefined
}

/**
 * `strong` (brotli 5, gzip 6: well under a millisecond for 10 KB) for what is kept and sent again, and for pages
 * made per request; `quick` (brotli 1, gzip 1: a third of the time for 10-15% more bytes) for a read cache miss's
 * answer, which leaves once as it is (its kept form is made strong on its first hit). Under 50 connections of
 * misses, compressing at 5 took a sixth to a third of the server's thread (docs/performance.md, 'Where the
 * time goes, and how it grows').
 */
export function compress(
  body: string | Buffer,
  encoding: Encoding,
  effort: 'strong' | 'quick' = 'strong',
): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: effort === 'strong' ? 6 : 1 })
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: effort === 'strong' ? 5 : 1,
      // Brotli sizes its tables by the input: without the hint it prepares for megabytes.
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
    },
  })
}

/** A cached answer's compressed form, made once. */
export function encodedForm(entry: CachedAnswer, encoding: Encoding): Buffer {
  let encoded = entry.encoded.get(encoding)
  if (!encoded) {
    encoded = compress(entry.body, encoding)
    entry.encoded.set(encoding, encoded)
  }
  return encoded
}

export function varyOnEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary')
  // Usually CORS's "Origin" alone: no need to look inside it.
  if (vary === 'Origin') reply.header('vary', 'Origin, Accept-Encoding')
  else if (!/\baccept-encoding\b/i.test(String(vary ?? '')))
    reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding')
}

/** Callback style (no promise per answer): it runs on every answer, and compresses synchronously anyway. */
function compressAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
  if (reply.hasHeader('content-encoding')) return payload
  if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload
  varyOnEncoding(reply)
  if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return payload
  const encoding = pickEncoding(request.headers['accept-encoding'])
  if (!encoding) return payload
  reply.header('content-encoding', encoding)
  reply.removeHeader('content-length')
  // A read cache miss (an entry was just kept for it): this body leaves once now; hits compress it strongly.
  return compress(payload, encoding, request.readCacheEntry ? 'quick' : 'strong')
}

export function registerCompression(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) =>
    done(null, compressAnswer(request, reply, payload)),
  )
}
