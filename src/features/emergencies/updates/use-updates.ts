// An emergency's updates as its page shows them: the first page as the route's loader read it (in the server's
// markup, and kept for offline by the service worker), more pages on request, and the owner's own changes.
import type { Page } from '../../../../api-contract/common'
import type { Read } from '../../../lib/public-read'
import { type EmergencyUpdate, listUpdates } from '../../../lib/updates.api'
import { useLoad } from '../../../lib/use-load'
import { api } from '../../../state/api'

type UpdatesPage = Page<EmergencyUpdate>

/** The page number an answer's `next` link names. */
const pageAfter = (held: UpdatesPage) =>
  Number(new URL(held.next ?? '', 'http://next').searchParams.get('page')) || 1

/** A later page joined under the rows held; a row already shown (the list moved meanwhile) is not shown twice. */
function joined(held: UpdatesPage, loaded: UpdatesPage): UpdatesPage {
  const shown = new Set(held.results.map((update) => update.id))
  return {
    ...loaded,
    results: [...held.results, ...loaded.results.filter((update) => !shown.has(update.id))],
  }
}

export function useUpdates(emergencyId: number, first: Read<UpdatesPage> | undefined) {
  const loaded = useLoad<UpdatesPage>(
    (signal, held) => listUpdates(api, emergencyId, held ? pageAfter(held) : 1, signal),
    `updates-${emergencyId}`,
    { initial: first, merge: joined },
  )
  const { data, setData } = loaded
  return {
    /** null while the first page loads; empty when it failed */
    updates: data?.results ?? (loaded.error ? [] : null),
    count: data?.count ?? 0,
    failed: loaded.error !== null,
    hasMore: Boolean(data?.next),
    loadingMore: loaded.loading && data !== null,
    more: loaded.extend,
    added: (update: EmergencyUpdate) =>
      setData((held) => ({
        count: (held?.count ?? 0) + 1,
        next: held?.next ?? null,
        previous: null,
        results: [update, ...(held?.results ?? [])],
      })),
    removed: (updateId: number) =>
      setData((held) => ({
        count: Math.max(0, (held?.count ?? 1) - 1),
        next: held?.next ?? null,
        previous: null,
        results: (held?.results ?? []).filter((update) => update.id !== updateId),
      })),
  }
}
