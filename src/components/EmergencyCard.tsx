// One emergency in a grid (explore, featured): first proof image, title, description cut at 120,
// progress, its trust signals (donations, days left, age), a star and the shortened wallet when featured, 'Under
// Review' when flagged.
import type { Emergency } from '../../api-contract/emergencies'
import { ProgressBar } from './ProgressBar'
import { TrustSignals } from './TrustSignals'
import { CARD_IMAGE_SIZES, srcSetOf } from './proof-image-slots'
import { loadingOf } from './responsive-image'
import { WalletAddress } from './WalletAddress'
import { DonateLink } from './DonateLink'
import { cut } from '../lib/text'
import { useTakenOver } from '../lib/use-taken-over'
import styles from './EmergencyCard.module.css'

const DESCRIPTION_MAX = 120

export function EmergencyCard({
  emergency,
  first = false,
}: {
  emergency: Emergency
  /** The first card of the screen: its image is fetched first (likely the LCP), the others lazily. */
  first?: boolean
}) {
  const image = emergency.proof_images[0]
  // Only the first card's image is in the server's markup; the others come with the app, after the first paint.
  // Chrome fetches a lazy image up to 1,250-3,000 px below the screen, which on a phone is the whole list: from
  // the HTML they would all load beside the first card's image, on the same few connections. Their slot keeps its
  // size (aspect-ratio), so nothing moves when they appear.
  const takenOver = useTakenOver()
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        {image && (first || takenOver) ? (
          <img
            src={image.image}
            srcSet={srcSetOf(image)}
            sizes={CARD_IMAGE_SIZES}
            alt=""
            {...loadingOf(first)}
          />
        ) : null}
        {emergency.is_featured && (
          <span className={styles.star} aria-label="Featured">
            ★
          </span>
        )}
        {emergency.is_flagged && <span className={styles.review}>Under Review</span>}
      </div>
      <div className={styles.body}>
        <h3 className={styles.title}>{emergency.title}</h3>
        <p className={styles.description}>{cut(emergency.description, DESCRIPTION_MAX)}</p>
        <ProgressBar
          raised={emergency.total_donated}
          goal={emergency.sol_goal}
          usdc={emergency.usdc_donated}
        />
        <TrustSignals emergency={emergency} />
        {emergency.is_featured && (
          <div className={styles.wallet}>
            <span>Wallet</span>
            <WalletAddress address={emergency.receiving_wallet} head={4} />
          </div>
        )}
        <div className={styles.actions}>
          <DonateLink emergency={emergency} />
        </div>
      </div>
    </article>
  )
}
