// The push worker: expands the outbox's notices into one delivery per subscription, sends what is due and settles
// each outcome. A background loop (server/jobs: one instance runs it at a time). Everything it knows is in the
// database (a restart, or another instance taking the loop over, resumes where the last one stopped), a delivery is
// claimed before it is sent (so it is sent once per subscription, and a claim survives a runner's change), and it
// runs beside the requests, never inside one: a donation only writes its notice.
import type { Db } from '../../db/client'
import { every, type Loop } from '../../jobs/loop'
import type { Clock } from '../../lib/clock'
import { safeForLog } from '../../plugins/errors'
import {
  claimDue,
  type ClaimedDelivery,
  deleteDelivery,
  deleteFinishedMessages,
  deleteSubscription,
  fanOut,
  rescheduleDelivery,
} from './outbox.repository'
import type { Send, SendOutcome } from './push-sender'

export interface PushWorkerOptions {
  /** pause between rounds while nothing more is due; default 1000 ms */
  pollMs?: number
  /** attempts of one delivery before it is given up; default 10 (the last about 2.5 h after the first) */
  maxAttempts?: number
  /** the pause after the first failed attempt, doubling each time; default 30 s */
  firstRetryMs?: number
  /** the longest pause between attempts; default 1 h */
  maxRetryMs?: number
  /** called with each settled delivery (tests, benchmarks) */
  onSettled?: (delivery: ClaimedDelivery, outcome: SendOutcome) => void
}

export interface PushWorkerDeps {
  db: Db
  clock: Clock
  send: Send
  log: { warn(o: object, m: string): void }
}

/** Notices expanded per round, deliveries claimed per round, and sent at once. */
const FAN_OUT_BATCH = 20
const CLAIM_BATCH = 64
const PARALLEL_SENDS = 8
/** A claimed delivery not settled within this long (the process died mid-send) is tried again. */
const CLAIM_MS = 60_000

export function pushWorker(deps: PushWorkerDeps, options: PushWorkerOptions = {}): Loop {
  const { db, clock, send, log } = deps
  const pollMs = options.pollMs ?? 1000
  const maxAttempts = options.maxAttempts ?? 10
  const firstRetryMs = options.firstRetryMs ?? 30_000
  const maxRetryMs = options.maxRetryMs ?? 60 * 60_000
  const later = (ms: number) => new Date(clock().getTime() + ms)

  async function settle(delivery: ClaimedDelivery, outcome: SendOutcome): Promise<void> {
    const { subscriptionId, messageId, attempts } = delivery
    if (outcome.kind === 'delivered') await deleteDelivery(db, subscriptionId, messageId)
    else if (outcome.kind === 'gone') await deleteSubscription(db, subscriptionId)
    else if (outcome.kind === 'refused' || attempts >= maxAttempts) {
      log.warn({ subscriptionId, messageId, attempts, reason: outcome.reason }, 'push: delivery given up')
      await deleteDelivery(db, subscriptionId, messageId)
    } else {
      const backoff = Math.min(firstRetryMs * 2 ** (attempts - 1), maxRetryMs)
      await rescheduleDelivery(db, subscriptionId, messageId, later(outcome.retryAfterMs ?? backoff))
    }
    options.onSettled?.(delivery, outcome)
  }

  /** One round; answers whether it was cut short by a batch limit (more is waiting). */
  async function tick(): Promise<boolean> {
    const expanded = await fanOut(db, clock(), FAN_OUT_BATCH)
    const due = await claimDue(db, clock(), later(CLAIM_MS), CLAIM_BATCH)
    for (let i = 0; i < due.length; i += PARALLEL_SENDS) {
      const batch = due.slice(i, i + PARALLEL_SENDS)
      await Promise.all(batch.map(async (d) => settle(d, await send(d, d.payload))))
    }
    if (expanded > 0 || due.length > 0) await deleteFinishedMessages(db)
    return expanded === FAN_OUT_BATCH || due.length === CLAIM_BATCH
  }

  // Each round sends until nothing more is waiting, then pauses `pollMs`; the job runner decides where it runs.
  return every(
    {
      everyMs: pollMs,
      onError: (error) => log.warn({ err: safeForLog(error) }, 'push worker: round failed'),
    },
    async () => {
      while (await tick());
    },
  )
}
