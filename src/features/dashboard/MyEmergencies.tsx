// My emergencies, 8 per page, compact rows, each with boost ('Boosted' and disabled while featured), edit, its
// donations' CSV, posting an update (on its page) and delete.
import { useSetAtom } from 'jotai'
import { useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import { buttonClass } from '../../components/button'
import grid from '../../components/Grid.module.css'
import { listMyEmergencies, type Emergency } from '../../lib/emergencies.api'
import { emergencyDonationsCsv } from '../../lib/receipts.api'
import { postUpdatePath } from '../../lib/updates.api'
import type { LiveDonation } from '../../../api-contract/live'
import { useLiveDonations, withLiveTotals } from '../../lib/use-live-donations'
import { authApi } from '../../state/api'
import { walletStackRequestedAtom } from '../../state/wallet.atoms'
import { BoostEmergency } from './BoostEmergency'
import { DeleteEmergency } from './DeleteEmergency'
import { MyEmergencyRow } from './MyEmergencyRow'
import { useBoost } from './useBoost'
import { usePage } from '../../lib/use-load'
import { DashboardSection } from './DashboardSection'
import { CSV_TEXT, DownloadCsv } from './DownloadCsv'

export const NO_EMERGENCIES_TEXT = "You haven't created any emergencies yet."
const PAGE_SIZE = 8

/** `onDonation`: a donation to one of the emergencies shown was just credited, or the stream asks to read again (the
 * headline reads its totals again). */
export function MyEmergencies({ onDonation }: { onDonation?: () => void }) {
  const [current, setCurrent] = useState(1)
  const list = usePage((signal) => listMyEmergencies(authApi, current, signal), `my-emergencies:${current}`)
  const [removed, setRemoved] = useState<number[]>([])
  const [replaced, setReplaced] = useState<Record<number, Emergency>>({})
  const { boost, boosting } = useBoost((updated) => setReplaced((r) => ({ ...r, [updated.id]: updated })))
  const requestStack = useSetAtom(walletStackRequestedAtom)
  useEffect(() => requestStack(true), [requestStack])
  // The latest live totals of each emergency shown.
  const [live, setLive] = useState<Record<number, LiveDonation>>({})

  const items =
    list.items
      ?.filter((e) => !removed.includes(e.id))
      .map((e) => withLiveTotals(replaced[e.id] ?? e, live[e.id])) ?? null
  // Each row's progress follows its donations as they are credited, from any path (issue 29). The rows followed are
  // the last ones shown, kept while a page reloads: the stream stays open (a new stream asks to read again).
  const shownIds = items?.map((e) => e.id).join(',')
  const [followed, setFollowed] = useState('')
  useEffect(() => {
    if (shownIds !== undefined) setFollowed(shownIds)
  }, [shownIds])
  useLiveDonations(followed ? { emergencyIds: followed.split(',').map(Number) } : null, {
    donation: (event) => {
      const { id, donation_count } = event.emergency
      setLive((held) =>
        (held[id]?.emergency.donation_count ?? -1) < donation_count ? { ...held, [id]: event } : held,
      )
      onDonation?.()
    },
    resync: () => {
      setLive({})
      list.reload()
      onDonation?.()
    },
  })
  return (
    <DashboardSection
      id="my-emergencies"
      title="My Emergencies"
      items={items}
      failed={list.failed}
      empty={{ text: NO_EMERGENCIES_TEXT, className: grid.empty }}
      skeleton={{ count: 3, height: 150 }}
      item={(emergency) => (
        <MyEmergencyRow
          key={emergency.id}
          emergency={emergency}
          actions={
            <>
              <BoostEmergency emergency={emergency} boosting={boosting} onBoost={boost} />
              <Link className={buttonClass('secondary')} to={`/edit/${emergency.id}`}>
                Edit
              </Link>
              <DownloadCsv path={emergencyDonationsCsv(emergency.id)} label={CSV_TEXT.emergency} />
              <Link className={buttonClass('secondary')} to={postUpdatePath(emergency.id)}>
                Post update
              </Link>
              <DeleteEmergency
                emergency={emergency}
                onDeleted={() => setRemoved((r) => [...r, emergency.id])}
              />
            </>
          }
        />
      )}
      paging={{ page: current, count: list.count, pageSize: PAGE_SIZE, onPage: setCurrent }}
    />
  )
}
