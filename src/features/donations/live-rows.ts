// Live rows of a donation list: what a live event or a read again brings joins the list at the top, once.
import { useCallback, useState } from 'react'
import type { Page } from '../../../api-contract/common'
import type { Donation } from '../../lib/donations.api'

/** `rows` (newest first) not held yet, on top of those held; the same page when none is new. */
export function withNewer<P extends Page<Donation>>(held: P, rows: readonly Donation[]): P {
  const ids = new Set(held.results.map((row) => row.id))
  const added = rows.filter((row) => !ids.has(row.id))
  if (added.length === 0) return held
  return { ...held, count: held.count + added.length, results: [...added, ...held.results] }
}

/** The ids of rows that arrived while the screen was shown (they slide in); rows it was drawn with never do. */
export function useArrivals() {
  const [arrived, setArrived] = useState<ReadonlySet<number>>(() => new Set())
  const mark = useCallback(
    (rows: readonly Donation[]) => setArrived((held) => new Set([...held, ...rows.map((row) => row.id)])),
    [],
  )
  return { arrived, mark }
}
