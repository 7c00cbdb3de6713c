// The live side panel: page 1 of the emergency's donations, with each new one on top as it is credited
// (src/lib/live-donations.ts; read again when the stream says so, or polled while it is unavailable).
import { SkeletonList } from '../../components/Skeleton'
import { TxLink } from '../../components/TxLink'
import { shortAddress } from '../../lib/address'
import { listEmergencyDonations, type Donation } from '../../lib/donations.api'
import type { Read } from '../../lib/public-read'
import { useLoad } from '../../lib/use-load'
import { useLiveDonations } from '../../lib/use-live-donations'
import type { Page } from '../../../api-contract/common'
import { amountText } from '../../lib/money'
import { RelativeTime } from '../../components/RelativeTime'
import { api } from '../../state/api'
import styles from './Donations.module.css'
import { ListEmpty } from '../../components/ListEmpty'
import { useArrivals, withNewer } from './live-rows'

export const NO_DONATIONS_TEXT = 'No donations yet'

/** The comment; else 'Anon' for a user, and the short address for a wallet that is not one (a blink, a QR). */
const donorLine = (donation: Donation) =>
  donation.comment || (donation.donor_registered ? 'Anon' : `From ${shortAddress(donation.donor_wallet)}`)

export function EmergencyDonations({
  emergencyId,
  first,
}: {
  emergencyId: number
  first?: Read<Page<Donation>>
}) {
  // A failed read again keeps the donations already shown.
  const loaded = useLoad(
    (signal) => listEmergencyDonations(api, emergencyId, signal),
    `donations-${emergencyId}`,
    { initial: first },
  )
  const items = loaded.data?.results ?? (loaded.error ? [] : null)
  const failed = loaded.error !== null
  const { arrived, mark } = useArrivals()
  const newest = items?.[0]?.id
  useLiveDonations(
    items === null
      ? null
      : { emergencyIds: [emergencyId], after: newest === undefined ? undefined : String(newest) },
    {
      donation: ({ donation }) => {
        mark([donation])
        loaded.setData((held) => (held ? withNewer(held, [donation]) : held!))
      },
      resync: loaded.reload,
    },
  )

  return (
    <section className={styles.panel} aria-labelledby="live-donations">
      <h2 id="live-donations" className={styles.heading}>
        <span className={styles.live} aria-hidden="true" /> Live donations
      </h2>
      {items === null ? (
        <SkeletonList className={styles.stack} count={3} height={64} label="Loading donations" />
      ) : items.length === 0 ? (
        <ListEmpty className={styles.empty} text={NO_DONATIONS_TEXT} failed={failed} />
      ) : (
        <ul className={styles.stack}>
          {items.map((donation) => (
            <li
              key={donation.id}
              className={arrived.has(donation.id) ? `${styles.item} ${styles.arrived}` : styles.item}
            >
              <div className={styles.itemTop}>
                <strong className={styles.amount}>{amountText(donation.currency, donation.amount)}</strong>
                <RelativeTime iso={donation.created_at} className={styles.time} />
              </div>
              <p className={styles.comment}>{donorLine(donation)}</p>
              <TxLink signature={donation.tx_hash} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
