import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { EventSource as NodeEventSource } from 'eventsource'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { followDonations, POLL_MS, RECONNECT_TRIES, type LiveFollower } from './live-donations'

// A real server-sent event stream over HTTP, read by a real EventSource (the `eventsource` package, WHATWG's), so
// reconnects, Last-Event-ID and retry delays are the protocol's own. Each request is answered by `answer`.
interface Asked {
  url: string
  lastEventId?: string
  closed: Promise<void>
}
type Answer = (request: http.IncomingMessage, response: http.ServerResponse, index: number) => void

let server: http.Server
let base = ''
let asked: Asked[] = []
let answer: Answer

beforeEach(async () => {
  asked = []
  server = http.createServer((request, response) => {
    const closed = new Promise<void>((done) => response.on('close', done))
    const header = request.headers['last-event-id']
    asked.push({ url: request.url!, lastEventId: typeof header === 'string' ? header : undefined, closed })
    answer(request, response, asked.length - 1)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterEach(async () => {
  following.splice(0).forEach((stop) => stop())
  vi.useRealTimers()
  setVisibility('visible')
  server.closeAllConnections()
  await new Promise((done) => server.close(done))
})

/** EventSource on this test's server: the client asks a path of its own origin. */
class Source extends NodeEventSource {
  constructor(url: string) {
    super(new URL(url, base).href)
  }
}

const stream = (response: http.ServerResponse, frames: string[]) => {
  response.writeHead(200, { 'content-type': 'text/event-stream' })
  for (const frame of frames) response.write(frame)
}
const donationFrame = (id: number, emergency = 12) =>
  `event: donation\nid: ${id}\ndata: ${JSON.stringify({
    donation: { id, emergency_id: emergency, amount: '0.11' },
    emergency: { id: emergency, total_donated: '0.61', usdc_donated: '0', donation_count: 7, sol_goal: '10' },
  })}\n\n`

function recorder() {
  const donations: number[] = []
  let resyncs = 0
  let resynced = () => {}
  const firstResync = new Promise<void>((done) => (resynced = done))
  const follower: LiveFollower = {
    donation: (event) => donations.push(event.donation.id),
    resync: () => {
      resyncs++
      resynced()
    },
  }
  return { follower, donations, resyncs: () => resyncs, firstResync }
}

/** Follows until the test ends (a failed test stops too, so the next one opens its own stream). */
const following: (() => void)[] = []
const follow = (...args: Parameters<typeof followDonations>) => {
  const stop = followDonations(...args)
  following.push(stop)
  return stop
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
  document.dispatchEvent(new Event('visibilitychange'))
}

describe('live donations', () => {
  it('gives every follower of an emergency its donations through one stream, resumed after the newest row shown', async () => {
    answer = (_request, response) => stream(response, ['retry: 1000\n\n', donationFrame(41)])
    const panel = recorder()
    const progress = recorder()
    const stops = [
      follow({ emergencyIds: [12], after: '40' }, panel.follower, Source),
      follow({ emergencyIds: [12] }, progress.follower, Source),
    ]
    await vi.waitFor(() => expect(progress.donations).toEqual([41]))
    expect(panel.donations).toEqual([41])
    expect(asked.map((a) => a.url)).toEqual(['/api/live/donations/?emergency_id=12&last_event_id=40'])
    stops.forEach((stop) => stop())
    await asked[0]!.closed
  })

  it('reconnects after the stream drops, with the id of the last donation it received', async () => {
    answer = (_request, response, index) => {
      stream(response, ['retry: 20\n\n', donationFrame(index === 0 ? 7 : 8)])
      if (index === 0) response.end()
    }
    const feed = recorder()
    const stop = follow({}, feed.follower, Source)
    await vi.waitFor(() => expect(feed.donations).toEqual([7, 8]))
    expect(asked.map((a) => [a.url, a.lastEventId])).toEqual([
      ['/api/live/donations/', undefined],
      ['/api/live/donations/', '7'],
    ])
    stop()
  })

  it(`reads again every ${POLL_MS / 1000} s once the server refuses the stream (429), and stops when nobody follows`, async () => {
    answer = (_request, response) => {
      response.writeHead(429, { 'content-type': 'application/json' })
      response.end('{"error":"Too many live updates open from this address.","code":"too_many_streams"}')
    }
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const feed = recorder()
    const stop = follow({}, feed.follower, Source)
    await feed.firstResync
    expect(feed.resyncs()).toBe(1)
    vi.advanceTimersByTime(POLL_MS * 2)
    expect(feed.resyncs()).toBe(3)
    stop()
    vi.advanceTimersByTime(POLL_MS * 2)
    expect(feed.resyncs()).toBe(3)
    expect(asked).toHaveLength(1)
  })

  it(`falls back to reading again after ${RECONNECT_TRIES} failed reconnects`, async () => {
    answer = (request, response, index) => {
      if (index === 0) return (stream(response, ['retry: 10\n\n']), response.end())
      request.socket.destroy()
    }
    const feed = recorder()
    const stop = follow({}, feed.follower, Source)
    await feed.firstResync
    await new Promise((done) => setTimeout(done, 200))
    expect(feed.resyncs()).toBe(1)
    expect(asked).toHaveLength(1 + RECONNECT_TRIES)
    stop()
  })

  it('closes the stream while the tab is hidden and resumes after the last donation when it shows again', async () => {
    answer = (_request, response, index) =>
      stream(response, ['retry: 1000\n\n', donationFrame(index === 0 ? 3 : 5)])
    const feed = recorder()
    const stop = follow({}, feed.follower, Source)
    await vi.waitFor(() => expect(feed.donations).toEqual([3]))
    setVisibility('hidden')
    await asked[0]!.closed
    expect(asked).toHaveLength(1)
    setVisibility('visible')
    await vi.waitFor(() => expect(feed.donations).toEqual([3, 5]))
    expect(asked[1]!.url).toBe('/api/live/donations/?last_event_id=3')
    stop()
  })
})
