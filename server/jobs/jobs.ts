// Background loops that must run on one instance at a time (docs/decisions/013-instances.md): the reference
// watcher, the re-verification of listing fees, the recovery of abandoned files, PGlite's vacuum, and any loop a
// module adds. Each is registered under a name with `runExclusively`; the runner decides where it runs:
// - in this process, at once (inProcessJobs): PGlite (one process holds the data directory) and tests;
// - on the one instance that holds the name's PostgreSQL advisory lock (advisoryLockJobs, advisory-lock-jobs.ts).
import type { FastifyBaseLogger } from 'fastify'
import type { Loop } from './loop'

export interface Jobs {
  /**
   * Runs `loop` on one instance at a time: it is started here once this instance may run it (at once, or when the
   * instance that ran it is gone) and stopped when it may not any more. A name is registered once per instance.
   */
  runExclusively(name: string, loop: Loop): void
  /** The names of the loops this instance runs now (GET /api/health/). */
  running(): string[]
  /** Begins (the app's onReady): the loops start where they may. */
  start(log: FastifyBaseLogger): Promise<void>
  /** Ends (the app's onClose): every loop running here is stopped, and its name given up for another instance. */
  stop(): Promise<void>
}

/** Registered loops by name; refuses a name twice (two loops under one lock would block each other). */
export function loopRegistry() {
  const loops = new Map<string, Loop>()
  return {
    loops,
    add(name: string, loop: Loop) {
      if (loops.has(name)) throw new Error(`a background loop named "${name}" is registered already`)
      loops.set(name, loop)
    },
  }
}

/** Every loop runs in this process, from the moment the app is ready (or registered, if later) until it closes. */
export function inProcessJobs(): Jobs {
  const { loops, add } = loopRegistry()
  let started = false
  return {
    runExclusively(name, loop) {
      add(name, loop)
      if (started) void loop.start()
    },
    running: () => (started ? [...loops.keys()] : []),
    async start() {
      started = true
      for (const loop of loops.values()) await loop.start()
    },
    async stop() {
      started = false
      await Promise.all([...loops.values()].map((loop) => loop.stop()))
    },
  }
}
