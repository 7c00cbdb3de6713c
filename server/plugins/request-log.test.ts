// The request log's own parts, on a real Fastify with pino: the per-minute count of answers by status class, and
// request loggers that bind the request id though they are made only when a request writes.
import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { RequestLog, requestLogger } from './request-log'

let clock = 0
const lines: Record<string, unknown>[] = []
let app: FastifyInstance | undefined

async function appWithLog(level: string) {
  lines.length = 0
  app = Fastify({
    logger: { level, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    logController: new RequestLog({ summaryEveryMs: 60_000, now: () => clock }),
    childLoggerFactory: requestLogger as never,
  })
  app.get('/ok', async () => ({ ok: true }))
  app.get('/missing', async (_request, reply) => reply.code(404).send({ missing: true }))
  app.get('/noted', async (request) => {
    request.log.warn({ noted: true }, 'a line of the route')
    return { ok: true }
  })
  return app
}

afterEach(async () => {
  await app?.close()
  app = undefined
})

describe('the request log', () => {
  it('counts the answers by status class and says so once a minute, not per request', async () => {
    clock = 0
    const server = await appWithLog('info')
    for (const url of ['/ok', '/ok', '/missing', '/nowhere']) await server.inject({ url })
    expect(lines.filter((line) => line.msg === 'requests')).toEqual([])
    clock = 61_000
    await server.inject({ url: '/ok' })
    const summaries = lines.filter((line) => line.msg === 'requests')
    expect(summaries).toHaveLength(1)
    expect(summaries[0]).toMatchObject({
      level: 30,
      '2xx': 3,
      '3xx': 0,
      '4xx': 2,
      '5xx': 0,
      slow: 0,
      seconds: 61,
    })
    clock = 62_000
    await server.inject({ url: '/ok' })
    expect(lines.filter((line) => line.msg === 'requests')).toHaveLength(1)
  })

  it("binds the request id to a route's lines, and writes nothing for a quick answer", async () => {
    clock = 0
    const server = await appWithLog('info')
    await server.inject({ url: '/ok' })
    expect(lines).toEqual([])
    await server.inject({ url: '/noted' })
    expect(lines).toEqual([expect.objectContaining({ level: 40, msg: 'a line of the route', noted: true })])
    expect(lines[0]!.reqId).toEqual(expect.any(String))
  })

  it('keeps every request at debug, each line with its request id', async () => {
    const server = await appWithLog('debug')
    await server.inject({ url: '/ok' })
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed'])
    expect(new Set(lines.map((line) => line.reqId)).size).toBe(1)
    expect(lines[0]!.reqId).toEqual(expect.any(String))
  })
})
