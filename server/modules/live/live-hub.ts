// This instance's live streams (server-sent events) and the fan-out to them: each event is serialised once and
// written to the streams that asked for it, found through an index by emergency, not by a look at every stream.
// The last REPLAY_EVENTS events are kept, in the order the database committed them (every instance hears them in
// that order), so a client that reconnects with the id of the last event it saw, to this instance or another one,
// gets what it missed; one that cannot be resumed is told to read again ('resync').
import { AppError } from '../../lib/errors'

/** What a reconnecting EventSource waits (the spec's ledger client: 1 s between tries). */
export const RETRY_MS = 1_000
/** Events kept for resuming: minutes of donations at any rate this platform sees, for reconnects of seconds. */
export const REPLAY_EVENTS = 1_024
/** Bytes a stream may have waiting to be sent; beyond, its reader is gone or too slow, and it is dropped. */
const MAX_BACKLOG = 256 * 1024

export interface LiveEvent {
  /** the SSE id (a donation's id) */
  id: string
  emergencyId: number
  /** false for a confirmed scam's: no stream is sent it */
  public: boolean
  /** the whole SSE frame */
  frame: string
}

/** Where a stream's frames go (an HTTP answer in live.routes.ts). */
export interface Sink {
  write(frame: string): void
  end(): void
  /** bytes written and not yet sent */
  backlog(): number
  /** ends the connection at once (a reader that stopped reading) */
  drop(): void
}

export interface StreamRequest {
  /** the client's address (per-address bound) */
  address: string
  /** the emergencies whose donations it wants; undefined: every public donation (the feed) */
  emergencies?: readonly number[]
  /** the id of the last event the client holds (Last-Event-ID), to resume after */
  lastEventId?: string
}

export interface LiveLimits {
  maxStreams: number
  maxStreamsPerAddress: number
  heartbeatMs: number
}

interface Stream {
  sink: Sink
  address: string
  emergencies?: readonly number[]
}

/** Frames that are not events: the reconnect delay, a comment that keeps proxies from closing an idle stream. */
const RETRY_FRAME = `retry: ${RETRY_MS}\n\n`
const HEARTBEAT_FRAME = ': ping\n\n'
/** The client reads again what it shows: events may have been missed (or, on connecting, its data predates it). */
export const resyncFrame = (reason: 'connected' | 'missed') =>
  `event: resync\ndata: ${JSON.stringify({ reason })}\n\n`

export function liveHub(limits: LiveLimits) {
  const streams = new Set<Stream>()
  const feed = new Set<Stream>()
  const byEmergency = new Map<number, Set<Stream>>()
  const perAddress = new Map<string, number>()
  const kept: LiveEvent[] = []

  const send = (stream: Stream, frame: string) => {
    if (stream.sink.backlog() > MAX_BACKLOG) return remove(stream, 'drop')
    stream.sink.write(frame)
  }

  function remove(stream: Stream, how: 'end' | 'drop' | 'gone') {
    if (!streams.delete(stream)) return
    feed.delete(stream)
    for (const id of stream.emergencies ?? []) {
      const set = byEmergency.get(id)
      set?.delete(stream)
      if (set?.size === 0) byEmergency.delete(id)
    }
    const left = (perAddress.get(stream.address) ?? 1) - 1
    if (left === 0) perAddress.delete(stream.address)
    else perAddress.set(stream.address, left)
    if (how === 'end') stream.sink.end()
    if (how === 'drop') stream.sink.drop()
  }

  const wants = (stream: Stream, event: LiveEvent) =>
    event.public && (!stream.emergencies || stream.emergencies.includes(event.emergencyId))

  /** The events after `id`, or undefined when it is not among those kept. */
  const after = (id: string) => {
    const at = kept.findLastIndex((event) => event.id === id)
    return at < 0 ? undefined : kept.slice(at + 1)
  }

  const heartbeat = setInterval(() => {
    for (const stream of streams) send(stream, HEARTBEAT_FRAME)
  }, limits.heartbeatMs)
  heartbeat.unref()

  return {
    /**
     * Opens a stream into `sink`: what was missed since `lastEventId` when it can be told, else a 'resync'.
     * Throws 429 `too_many_streams` past the per-address bound, 503 past the total. Returns its close: the
     * connection ended.
     */
    open(request: StreamRequest, sink: Sink): () => void {
      const held = perAddress.get(request.address) ?? 0
      if (held >= limits.maxStreamsPerAddress)
        throw new AppError('too_many_streams', 'Too many live updates open from this address.', 429)
      if (streams.size >= limits.maxStreams)
        throw new AppError('service_unavailable', 'Live updates are busy. Please retry in a moment.', 503)
      const stream: Stream = { sink, address: request.address, emergencies: request.emergencies }
      streams.add(stream)
      perAddress.set(request.address, held + 1)
      if (!stream.emergencies) feed.add(stream)
      for (const id of stream.emergencies ?? []) {
        const set = byEmergency.get(id) ?? new Set()
        byEmergency.set(id, set.add(stream))
      }
      sink.write(RETRY_FRAME)
      const missed = request.lastEventId === undefined ? undefined : after(request.lastEventId)
      if (missed) for (const event of missed) if (wants(stream, event)) sink.write(event.frame)
      if (!missed) sink.write(resyncFrame(request.lastEventId === undefined ? 'connected' : 'missed'))
      return () => remove(stream, 'gone')
    },

    publish(event: LiveEvent) {
      kept.push(event)
      if (kept.length > REPLAY_EVENTS) kept.shift()
      if (!event.public) return
      for (const stream of feed) send(stream, event.frame)
      for (const stream of byEmergency.get(event.emergencyId) ?? []) send(stream, event.frame)
    },

    /** Events may have been missed (the database connection was lost): every stream reads again, none resumes. */
    resync() {
      kept.length = 0
      const frame = resyncFrame('missed')
      for (const stream of streams) send(stream, frame)
    },

    /** Streams open now. */
    size: () => streams.size,

    /** Ends every stream (the server is stopping: EventSource reconnects, to another instance). */
    close() {
      clearInterval(heartbeat)
      for (const stream of [...streams]) remove(stream, 'end')
    },
  }
}
