// A server-sent events client over a real socket (inject cannot hold a stream open): it reads the stream as
// EventSource would (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation)
// and lets a test wait for the next event of a kind.
import http from 'node:http'
import type { FastifyInstance } from 'fastify'

export interface StreamEvent {
  event: string
  id?: string
  data: string
  /** when it arrived (performance.now()) */
  at: number
}

export interface EventStream {
  status: number
  headers: http.IncomingHttpHeaders
  /** the answer's body when it is not a stream (an error) */
  body(): Promise<string>
  /** the next event not yet taken (of `kind`, skipping others), within `timeoutMs` */
  next(kind?: string, timeoutMs?: number): Promise<StreamEvent>
  /** every event received so far, taken or not */
  events: StreamEvent[]
  comments: string[]
  retry?: number
  /** resolves when the server ends the stream */
  ended: Promise<void>
  close(): void
}

/** The app listening on a free port of the loopback (once per app); its base URL. */
export async function listening(app: FastifyInstance): Promise<string> {
  const address = app.server.address()
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`
  return app.listen({ port: 0, host: '127.0.0.1' })
}

export function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers }, agent: false })
    request.on('error', reject)
    request.on('response', (response) => {
      const events: StreamEvent[] = []
      const comments: string[] = []
      const waiting = new Set<() => void>()
      let taken = 0
      let buffer = ''
      let raw = ''
      const stream: EventStream = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        events,
        comments,
        ended: new Promise((done) => response.on('close', done)),
        body: async () => (await stream.ended, raw),
        close: () => request.destroy(),
        async next(kind, timeoutMs = 5_000) {
          const deadline = performance.now() + timeoutMs
          for (;;) {
            while (taken < events.length) {
              const event = events[taken++]!
              if (!kind || event.event === kind) return event
            }
            const left = deadline - performance.now()
            if (left <= 0) throw new Error(`no ${kind ?? ''} event within ${timeoutMs} ms`)
            await new Promise<void>((wake) => {
              const timer = setTimeout(wake, left)
              waiting.add(() => (clearTimeout(timer), wake()))
            })
          }
        },
      }
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        raw += chunk
        buffer += chunk
        let end
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const event: StreamEvent = { event: 'message', data: '', at: performance.now() }
          let data: string[] | undefined
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':')
            const field = colon < 0 ? line : line.slice(0, colon)
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
            if (field === '') comments.push(value)
            else if (field === 'event') event.event = value
            else if (field === 'id') event.id = value
            else if (field === 'retry') stream.retry = Number(value)
            else if (field === 'data') (data ??= []).push(value)
          }
          if (data) events.push({ ...event, data: data.join('\n') })
        }
        for (const wake of waiting) wake()
        waiting.clear()
      })
      resolve(stream)
    })
  })
}
