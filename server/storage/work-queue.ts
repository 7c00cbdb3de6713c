// A bounded queue for CPU-heavy work (decoding and re-encoding uploaded images). Image work runs on libuv's thread
// pool, which also serves every file read: left alone, four large uploads took all of it and a public image GET
// waited seconds (issue 11). Here at most `concurrency` jobs run at once, so the pool and the other core stay free
// for reads, and at most `maxWaiting` wait; beyond that the caller answers 429 with Retry-After instead of queueing
// without end.
import { AppError, retryLater } from '../lib/errors'

export interface WorkQueue {
  /** Runs `job` when a slot is free; throws 429 `uploads_busy` when the queue is full. */
  run<T>(job: () => Promise<T>): Promise<T>
  readonly running: number
  readonly waiting: number
}

export const RETRY_AFTER_SECONDS = 5

/** 429 `uploads_busy` with Retry-After: the image queue, or the memory for upload bodies, is full. */
export const uploadsBusy = () =>
  retryLater(
    new AppError('uploads_busy', 'The server is busy processing uploads. Please retry in a moment.', 429),
    RETRY_AFTER_SECONDS,
  )

export function workQueue({
  concurrency,
  maxWaiting,
}: {
  concurrency: number
  maxWaiting: number
}): WorkQueue {
  let running = 0
  const waiting: (() => void)[] = []
  const next = () => {
    running--
    waiting.shift()?.()
  }
  return {
    async run(job) {
      if (running >= concurrency) {
        if (waiting.length >= maxWaiting) throw uploadsBusy()
        await new Promise<void>((start) => waiting.push(start))
      }
      running++
      try {
        return await job()
      } finally {
        next()
      }
    },
    get running() {
      return running
    },
    get waiting() {
      return waiting.length
    },
  }
}
