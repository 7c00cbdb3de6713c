// Live donations (GET /api/live/donations/, docs/interfaces.md): one EventSource per query, shared by the parts of
// a page that follow it (the donate page's progress and its side panel). EventSource reconnects by itself after
// the server's `retry: 1000` with Last-Event-ID; after RECONNECT_TRIES failed tries in a row, or an answer it does
// not retry (429, 503), the stream is closed and the followers are told to read again every POLL_MS instead (the
// spec's ledger client: 1 s, at most 5 tries). Nothing runs while the tab is hidden; when it shows again the
// stream opens afresh, resuming after the last event seen (the server replays what was missed or says 'resync').
import type { LiveDonation } from '../../api-contract/live'
import { API_BASE } from './public-read'

export const RECONNECT_TRIES = 5
export const POLL_MS = 5_000
/** EventSource.CLOSED: it gave up (an answer it does not retry). */
const CLOSED = 2

export interface LiveFollower {
  /** A donation was credited: merge it by its id (a resumed stream may repeat one). */
  donation(event: LiveDonation): void
  /** Read again what the screen shows: events may have been missed, or the stream is unavailable (polling). */
  resync(): void
}

export interface LiveQuery {
  /** only these emergencies' donations; absent: every public donation (the feed) */
  emergencyIds?: readonly number[]
  /** the newest donation id the screen already shows: the stream resumes after it instead of asking a read again */
  after?: string
}

type EventSourceClass = new (url: string) => EventSource

interface Channel {
  followers: Set<LiveFollower>
  stop(): void
}

const channels = new Map<string, Channel>()

export const liveUrl = (emergencyIds?: readonly number[]) => {
  const query = new URLSearchParams((emergencyIds ?? []).map((id) => ['emergency_id', String(id)]))
  const text = query.toString()
  return `${API_BASE}/live/donations/${text ? `?${text}` : ''}`
}

/** Follows the donations `query` names until the returned function is called. Browser only (call it in an effect). */
export function followDonations(
  query: LiveQuery,
  follower: LiveFollower,
  Source: EventSourceClass | undefined = globalThis.EventSource,
): () => void {
  const url = liveUrl(query.emergencyIds)
  let channel = channels.get(url)
  if (!channel) {
    const followers = new Set<LiveFollower>()
    channel = { followers, stop: openChannel(url, query.after, followers, Source) }
    channels.set(url, channel)
  }
  const held = channel
  held.followers.add(follower)
  return () => {
    if (!held.followers.delete(follower) || held.followers.size > 0) return
    held.stop()
    channels.delete(url)
  }
}

function openChannel(
  url: string,
  after: string | undefined,
  followers: Set<LiveFollower>,
  Source: EventSourceClass | undefined,
) {
  let lastId = after
  let source: EventSource | null = null
  let failures = 0
  let poll: ReturnType<typeof setInterval> | undefined
  const resync = () => followers.forEach((follower) => follower.resync())

  const close = () => {
    source?.close()
    source = null
    clearInterval(poll)
    poll = undefined
  }
  const startPolling = () => {
    close()
    poll = setInterval(resync, POLL_MS)
  }
  const open = () => {
    close()
    if (!Source) return startPolling()
    failures = 0
    const opened = new Source(lastId ? `${url}${url.includes('?') ? '&' : '?'}last_event_id=${lastId}` : url)
    source = opened
    opened.onopen = () => (failures = 0)
    opened.addEventListener('donation', (message) => {
      const { data, lastEventId } = message as MessageEvent<string>
      if (lastEventId) lastId = lastEventId
      const event = JSON.parse(data) as LiveDonation
      followers.forEach((follower) => follower.donation(event))
    })
    opened.addEventListener('resync', resync)
    opened.onerror = () => {
      // CLOSED: an answer EventSource does not retry (429, 503, not a stream); else it is reconnecting.
      if (opened.readyState === CLOSED || ++failures > RECONNECT_TRIES) {
        // What happened while it could not reach the server is read once now, then at every poll.
        resync()
        startPolling()
      }
    }
  }
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') return close()
    // Back in view: what happened meanwhile comes as replayed events, or as a 'resync' when it cannot be told.
    if (!source || poll !== undefined) open()
  }

  document.addEventListener('visibilitychange', onVisibility)
  if (document.visibilityState !== 'hidden') open()
  return () => {
    document.removeEventListener('visibilitychange', onVisibility)
    close()
  }
}
