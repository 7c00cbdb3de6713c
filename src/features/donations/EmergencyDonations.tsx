// The live side panel: page 1 of the emergency's donations, refreshed every 15 s.
import { SkeletonList } from '../../components/Skeleton'
import { TxLink } from '../../components/TxLink'
import { shortAddress } from '../../lib/address'
import { listEmergencyDonations, type Donation } from '../../lib/donations.api'
import type { Read } from '../../lib/public-read'
import { useLoad } from '../../lib/use-load'
import type { Page } from '../../../api-contract/common'
import { amountText } from '../../lib/money'
import { RelativeTime } from '../../components/RelativeTime'
import { api } from '../../state/api'
import styles from './Donations.module.css'
import { ListEmpty } from '../../components/ListEmpty'

export const NO_DONATIONS_TEXT = 'No donations yet'
const REFRESH_MS = 15_000

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
  // A failed refresh keeps the donations already shown.
  const loaded = useLoad(
    (signal) => listEmergencyDonations(api, emergencyId, signal),
    `donations-${emergencyId}`,
    {
      refreshMs: REFRESH_MS,
      initial: first,
    },
  )
  const items = loaded.data?.results ?? (loaded.error ? [] : null)
  const failed = loaded.error !== null

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
            <li key={donation.id} className={styles.item}>
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
