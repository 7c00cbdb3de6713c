// /admin/flagged: emergencies with pending flags, each with its flag count and latest reasons; approve (confirmed
// scam), triage (publicly under review while the admin looks into it) or reject, with an optional comment; the list
// reloads after each review.
import { useState } from 'react'
import { Link } from 'react-router-dom'
import grid from '../../components/Grid.module.css'
import { AdminNav } from './AdminNav'
import page from '../../components/Page.module.css'
import { SkeletonList } from '../../components/Skeleton'
import { listFlagged, type FlaggedEmergency, type ReviewAction } from '../../lib/emergencies.api'
import { authApi } from '../../state/api'
import { ActionButtons } from '../../components/ActionButtons'
import { FlagReasons } from './FlagReasons'
import { ReviewModal } from './ReviewModal'
import styles from './Admin.module.css'
import { usePage } from '../../lib/use-load'

export const FLAGGED_LOAD_FAILED = 'Failed to load flagged emergencies.'

function FlaggedTable() {
  const [version, setVersion] = useState(0)
  const [failed, setFailed] = useState(false)
  const list = usePage(
    (signal) =>
      listFlagged(authApi, 1).catch((error: unknown) => {
        if (!signal.aborted) setFailed(true)
        throw error
      }),
    `flagged:${version}`,
  )
  const [review, setReview] = useState<{ item: FlaggedEmergency; action: ReviewAction } | null>(null)

  if (list.items === null)
    return <SkeletonList className={styles.list} count={3} height={72} label="Loading flagged emergencies" />
  if (failed)
    return (
      <p role="alert" className={grid.empty}>
        {FLAGGED_LOAD_FAILED}
      </p>
    )
  if (list.items.length === 0) return <p className={grid.empty}>No flagged emergencies to review.</p>
  return (
    <>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Emergency</th>
              <th scope="col">Flags</th>
              <th scope="col">Last flagged</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((item) => (
              <tr key={item.id}>
                <td data-label="Emergency">
                  <Link to={`/donate/${item.id}`}>{item.title}</Link>
                </td>
                <td data-label="Flags">
                  <FlagReasons item={item} />
                </td>
                <td data-label="Last flagged">
                  {item.flagged_at ? new Date(item.flagged_at).toLocaleString() : '—'}
                  {item.triaged_at && <span className={styles.ip}>Under review (triaged)</span>}
                </td>
                <td data-label="Actions">
                  <ActionButtons
                    actions={[
                      {
                        label: 'Approve',
                        variant: 'primary',
                        onClick: () => setReview({ item, action: 'approve' }),
                      },
                      // triage once: after it the page already shows "Under Review"
                      !item.triaged_at && {
                        label: 'Triage',
                        onClick: () => setReview({ item, action: 'triage' }),
                      },
                      { label: 'Reject', onClick: () => setReview({ item, action: 'reject' }) },
                    ]}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ReviewModal
        review={review}
        onClose={() => setReview(null)}
        onReviewed={() => {
          setReview(null)
          setFailed(false)
          setVersion((v) => v + 1)
        }}
      />
    </>
  )
}

export default function FlaggedPage() {
  return (
    <main className={page.page}>
      <h1 className={grid.title}>Flagged Emergencies</h1>
      <AdminNav />
      <p className={grid.lead}>
        Approve confirms a scam, hides it from every public list and tells its donors. Triage shows it as
        Under Review while you look into it (3 reporters do that too). Reject clears its flags.
      </p>
      <FlaggedTable />
    </main>
  )
}
