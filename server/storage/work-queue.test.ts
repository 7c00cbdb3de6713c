import { describe, expect, it } from 'vitest'
import { workQueue } from './work-queue'

const deferred = () => {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

describe('workQueue', () => {
  it('runs at most `concurrency` jobs at once, the others in arrival order', async () => {
    const queue = workQueue({ concurrency: 2, maxWaiting: 10 })
    const gates = Array.from({ length: 5 }, deferred)
    const started: number[] = []
    const done = gates.map((gate, i) =>
      queue.run(async () => {
        started.push(i)
        await gate.promise
        return i
      }),
    )
    await new Promise((r) => setTimeout(r, 10))
    expect(started).toEqual([0, 1])
    expect([queue.running, queue.waiting]).toEqual([2, 3])
    gates[1]!.resolve()
    await done[1]
    await new Promise((r) => setTimeout(r, 0))
    expect(started).toEqual([0, 1, 2])
    for (const gate of gates) gate.resolve()
    expect(await Promise.all(done)).toEqual([0, 1, 2, 3, 4])
    expect([queue.running, queue.waiting]).toEqual([0, 0])
  })

  it('refuses with 429 and Retry-After once `maxWaiting` jobs wait, and frees the slot of a failed job', async () => {
    const queue = workQueue({ concurrency: 1, maxWaiting: 1 })
    const gate = deferred()
    const first = queue.run(() => gate.promise)
    const second = queue.run(async () => 'second')
    await expect(queue.run(async () => 'third')).rejects.toMatchObject({
      status: 429,
      code: 'uploads_busy',
      headers: { 'retry-after': '5' },
    })
    gate.resolve()
    await first
    expect(await second).toBe('second')
    await expect(queue.run(async () => Promise.reject(new Error('decode failed')))).rejects.toThrow(
      'decode failed',
    )
    expect(await queue.run(async () => 'after a failure')).toBe('after a failure')
  })
})
