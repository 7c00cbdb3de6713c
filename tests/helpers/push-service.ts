// A push service on loopback, as browsers' push services behave: web-push-testing (an implementation of the push
// service's side independent of ours: it creates a subscription's keys as a browser does, checks each message's
// VAPID signature and decrypts it with the subscription's private keys, RFC 8291 aes128gcm), started by the test
// on a free port, behind a gateway whose answers a test can take over (a push service that fails, or is down).
// Every byte stays on 127.0.0.1.
import { type ChildProcess, spawn } from 'node:child_process'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import type { PushPayload, PushSubscriptionRequest } from '../../api-contract/push'

/** What `PushManager.subscribe()` gives a browser, as JSON. */
export type BrowserSubscription = PushSubscriptionRequest & { keys: { p256dh: string; auth: string } }

export interface TestPushService {
  /** the origin endpoints are on (give it to PUSH_ALLOWED_ORIGINS) */
  origin: string
  /** a browser subscribing with our VAPID public key (GET /api/config/'s push_public_key) */
  subscribe(applicationServerKey: string): Promise<BrowserSubscription>
  /** what the subscription received, decrypted, oldest first */
  received(subscription: BrowserSubscription): Promise<PushPayload[]>
  /** the browser unsubscribed: the service answers 410 Gone to pushes for it from now on */
  expire(subscription: BrowserSubscription): Promise<void>
  /** every push is answered `status` without reaching the service; undefined: the service answers again */
  answerAll(status: number | undefined): void
  /** pushes that reached the gateway so far */
  pushes(): number
  close(): Promise<void>
}

const SERVER = createRequire(import.meta.url).resolve('web-push-testing/src/bin/server.js')

async function freePort(): Promise<number> {
  const probe = http.createServer()
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done))
  const { port } = probe.address() as AddressInfo
  await new Promise((done) => probe.close(done))
  return port
}

async function startService(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [SERVER, String(port)], { stdio: ['ignore', 'pipe', 'pipe'] })
  // A test run that ends without closing it (a failed setup) does not leave it running.
  const stop = () => child.kill()
  process.once('exit', stop)
  child.once('exit', () => process.off('exit', stop))
  await new Promise<void>((ready, fail) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (String(chunk).includes('Server running')) ready()
    })
    child.once('exit', (code) => fail(new Error(`web-push-testing exited with ${code}`)))
  })
  return child
}

export async function startPushService(): Promise<TestPushService> {
  const servicePort = await freePort()
  const child = await startService(servicePort)
  const service = `http://127.0.0.1:${servicePort}`
  let override: number | undefined
  let pushes = 0
  const gateway = http.createServer((request, response) => {
    pushes++
    if (override !== undefined) {
      request.resume()
      return void response.writeHead(override).end()
    }
    const forwarded = http.request(`${service}${request.url}`, {
      method: request.method,
      headers: request.headers,
    })
    forwarded.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(response)
    })
    forwarded.on('error', () => response.writeHead(502).end())
    request.pipe(forwarded)
  })
  await new Promise<void>((done) => gateway.listen(0, '127.0.0.1', done))
  const origin = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`

  const call = async <T>(path: string, body: object): Promise<T> => {
    const response = await fetch(`${service}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (!response.ok) throw new Error(`push service ${path}: ${response.status} ${await response.text()}`)
    return (await response.json()) as T
  }
  const hashOf = (subscription: BrowserSubscription) =>
    new URL(subscription.endpoint).pathname.split('/').pop()!

  return {
    origin,
    async subscribe(applicationServerKey) {
      const { data } = await call<{ data: BrowserSubscription & { clientHash: string } }>('/subscribe', {
        userVisibleOnly: 'true',
        applicationServerKey,
      })
      return { endpoint: `${origin}/notify/${data.clientHash}`, expirationTime: null, keys: data.keys }
    },
    async received(subscription) {
      const { data } = await call<{ data: { messages: string[] } }>('/get-notifications', {
        clientHash: hashOf(subscription),
      })
      return data.messages.map((text) => JSON.parse(text) as PushPayload)
    },
    async expire(subscription) {
      await fetch(`${service}/expire-subscription/${hashOf(subscription)}`, { method: 'POST' })
    },
    answerAll(status) {
      override = status
    },
    pushes: () => pushes,
    async close() {
      gateway.closeAllConnections()
      await new Promise((done) => gateway.close(done))
      child.kill()
    },
  }
}
