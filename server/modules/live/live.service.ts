// Live donations on this instance: one listening connection to the database (server/db/notifications.ts) hears
// every credited donation, whichever instance or path credited it (a request, the reference watcher), and the hub
// fans it out to this instance's streams. Runs on every instance: each serves its own viewers.
import type { FastifyBaseLogger } from 'fastify'
import type { Listening, Notifications } from '../../db/notifications'
import { safeForLog } from '../../plugins/errors'
import { DONATIONS_TOPIC, donationEvent } from './donation-events'
import { liveHub, type LiveLimits } from './live-hub'

export interface LiveDeps {
  notifications: Notifications
  limits: LiveLimits
  log: FastifyBaseLogger
  /**
   * Called for each donation heard; its fan-out waits until this resolves, so a viewer who reads the emergency
   * again after the event is answered with the donation in it (the read cache has looked at the change log).
   */
  beforeFanOut?: () => Promise<void>
}

/** How long after a failed start it tries to listen again. */
const RETRY_START_MS = 5_000

export function liveService({ notifications, limits, log, beforeFanOut }: LiveDeps) {
  const hub = liveHub(limits)
  let listening: Listening | undefined
  let stopped = false
  let retry: NodeJS.Timeout | undefined
  /** Fan-outs in the order the donations were heard (commit order), each after its wait. */
  let fanOuts = Promise.resolve()

  const fanOut = (payload: string) => {
    try {
      const event = donationEvent(payload)
      if (event === 'resync') hub.resync()
      else hub.publish(event)
    } catch (error) {
      // Only our trigger writes this channel: a payload it cannot read is a bug to see, not a reason to stop.
      log.error({ err: safeForLog(error) }, 'live: unreadable donation announcement')
      hub.resync()
    }
  }

  const heard = (payload: string) => {
    // Asked at once, so that the waits of a burst share the read cache's looks.
    const ready = beforeFanOut?.().catch(() => undefined)
    fanOuts = fanOuts.then(() => ready).then(() => fanOut(payload))
  }

  const heardOn = {
    message: heard,
    lost: () => log.warn('live: lost the listening database connection; reconnecting'),
    gap: () => {
      log.warn('live: the listening connection was restored; streams read again')
      hub.resync()
    },
  }

  /** Listens; on failure the API runs on (its streams only send heartbeats) and it tries again later. */
  async function listen(again: boolean) {
    try {
      listening = await notifications.listen(DONATIONS_TOPIC, heardOn)
      if (stopped) await listening.close()
      else if (again) hub.resync()
    } catch (error) {
      log.error({ err: safeForLog(error) }, 'live: cannot listen for credited donations; trying again')
      if (!stopped) retry = setTimeout(() => void listen(true), RETRY_START_MS).unref()
    }
  }

  return {
    hub,
    /** Listening before the server takes requests (its first try is awaited; it never fails the start). */
    start: () => listen(false),
    /** Ends the streams: the server's close waits for open answers (preClose). */
    endStreams: () => hub.close(),
    /** Stops listening, once requests in flight are done (onClose). */
    async stop() {
      stopped = true
      clearTimeout(retry)
      await listening?.close()
    },
  }
}

export type LiveService = ReturnType<typeof liveService>
