// "Updates" on /donate/{id}: the campaigner's updates, newest first, with relative times and photos; "More updates"
// while the server names a next page. The owner posts from here; the owner or an admin removes. The first page is
// the route's loader read: in the server's markup, and offline from the service worker's copy.
import { lazy, Suspense } from 'react'
import type { Page } from '../../../../api-contract/common'
import { ListEmpty } from '../../../components/ListEmpty'
import { SkeletonBlock, SkeletonList } from '../../../components/Skeleton'
import { buttonClass } from '../../../components/button'
import type { Emergency } from '../../../lib/emergencies.api'
import type { Read } from '../../../lib/public-read'
import type { EmergencyUpdate } from '../../../lib/updates.api'
import { useCurrentUser } from '../../../state/use-current-user'
import { UpdateEntry } from './UpdateEntry'
import { useUpdates } from './use-updates'
import styles from './Updates.module.css'

export const NO_UPDATES_TEXT = 'No updates yet.'

const PostUpdateForm = lazy(() => import('./PostUpdateForm'))

export function UpdatesSection({
  emergency,
  first,
}: {
  emergency: Emergency
  first?: Read<Page<EmergencyUpdate>>
}) {
  const user = useCurrentUser()
  const list = useUpdates(emergency.id, first)
  const owner = user !== null && user.id === emergency.owner.id
  const removable = owner || Boolean(user?.is_admin)

  return (
    <section className={styles.section} aria-labelledby="updates-heading">
      <h2 id="updates-heading" className={styles.heading}>
        Updates{list.count > 0 ? ` (${list.count})` : ''}
      </h2>
      {owner && (
        <Suspense fallback={<SkeletonBlock height={360} />}>
          <PostUpdateForm emergencyId={emergency.id} onPosted={list.added} />
        </Suspense>
      )}
      {list.updates === null ? (
        <SkeletonList count={2} height={96} label="Loading updates" />
      ) : list.updates.length === 0 ? (
        <ListEmpty className={styles.empty} text={NO_UPDATES_TEXT} failed={list.failed} />
      ) : (
        <ol className={styles.timeline}>
          {list.updates.map((update) => (
            <UpdateEntry
              key={update.id}
              update={update}
              removable={removable}
              onRemoved={() => list.removed(update.id)}
            />
          ))}
        </ol>
      )}
      {list.hasMore && (
        <button
          type="button"
          className={buttonClass('secondary', { block: true })}
          disabled={list.loadingMore}
          onClick={list.more}
        >
          {list.loadingMore ? 'Loading…' : 'More updates'}
        </button>
      )}
    </section>
  )
}
