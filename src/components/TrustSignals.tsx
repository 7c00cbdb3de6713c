// An emergency's trust signals (issue 29): "N donations", "N days left" (or "ended"), "created N days ago" and,
// in full, the organiser's short wallet with a copy button. Hydration-safe: told from useNow().
import type { Emergency } from '../../api-contract/emergencies'
import { useNow } from '../lib/now'
import { createdText, deadlineText, donationsText } from '../lib/trust'
import { WalletAddress } from './WalletAddress'
import styles from './TrustSignals.module.css'

export function TrustSignals({
  emergency,
  organiser = false,
}: {
  emergency: Pick<Emergency, 'donation_count' | 'deadline' | 'created_at' | 'owner'>
  /** Also the organiser's wallet (the donate page; cards leave it out). */
  organiser?: boolean
}) {
  const now = useNow()
  return (
    <div className={styles.clip}>
      <ul className={styles.signals} aria-label="About this emergency">
        <li>{donationsText(emergency.donation_count)}</li>
        <li>
          <time dateTime={emergency.deadline} title={`Deadline ${emergency.deadline}`}>
            {deadlineText(emergency.deadline, now)}
          </time>
        </li>
        <li>
          <time dateTime={emergency.created_at}>{createdText(emergency.created_at, now)}</time>
        </li>
        {organiser && (
          <li className={styles.organiser}>
            <span>Organiser</span>
            <WalletAddress address={emergency.owner.wallet_address} head={4} />
          </li>
        )}
      </ul>
    </div>
  )
}
