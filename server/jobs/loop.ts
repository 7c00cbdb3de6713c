// A background loop as the job runners (jobs.ts) start and stop it, and the periodic loop most of them are.

/** Work that runs in the background while this instance may run it (see Jobs.runExclusively). */
export interface Loop {
  /** Begins. May resolve after a first round (the app is ready once every loop it runs has started). */
  start(): void | Promise<void>
  /** Ends; resolves once a round under way has finished. The loop may be started again afterwards. */
  stop(): Promise<void>
}

export interface EveryOptions {
  /** pause between the end of one round and the start of the next */
  everyMs: number
  /** the first round: 0 runs it at once and `start` waits for it; default `everyMs` */
  firstAfterMs?: number
  /** a round that throws: logged by the caller, and the next round runs as usual */
  onError: (error: unknown) => void
}

/** A loop that runs `round` again and again; rounds never overlap, and none starts once it is stopped. */
export function every(
  { everyMs, firstAfterMs = everyMs, onError }: EveryOptions,
  round: () => Promise<unknown>,
): Loop {
  let timer: NodeJS.Timeout | undefined
  let turn: Promise<void> = Promise.resolve()
  let running = false

  const runRound = () =>
    (turn = round().then(
      () => undefined,
      (error: unknown) => onError(error),
    ))
  const schedule = (afterMs: number) => {
    timer = setTimeout(() => {
      if (!running) return
      void runRound().then(() => {
        if (running) schedule(everyMs)
      })
    }, afterMs).unref()
  }

  return {
    async start() {
      if (running) return
      running = true
      if (firstAfterMs > 0) return schedule(firstAfterMs)
      await runRound()
      if (running) schedule(everyMs)
    },
    async stop() {
      running = false
      clearTimeout(timer)
      await turn
    },
  }
}
