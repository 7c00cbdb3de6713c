import { cut } from '../../lib/text'
import { Link } from 'react-router-dom'
import { solText } from '../../lib/sol'
import type { Campaign } from '../../lib/airdrops.api'
import styles from './Airdrops.module.css'

export const CARD_DESCRIPTION_CUT = 80

/** A campaign's image, or its initials on a tinted block when it has none. */
export function CampaignImage({ campaign, large = false }: { campaign: Campaign; large?: boolean }) {
  const className = large ? styles.imageLarge : styles.image
  if (campaign.image)
    return (
      <img className={className} src={campaign.image} alt={`${campaign.project_name} image`} loading="lazy" />
    )
  return (
    <div className={`${className} ${styles.placeholder}`} aria-hidden="true">
      {campaign.project_name.slice(0, 2).toUpperCase()}
    </div>
  )
}

export function CampaignCard({ campaign }: { campaign: Campaign }) {
  return (
    <article className={styles.card}>
      <CampaignImage campaign={campaign} />
      <div className={styles.cardBody}>
        <div className={styles.badges}>
          {campaign.is_listed && <span className={styles.verified}>✓ Verified</span>}
          {campaign.has_investor_involved && <span className={styles.investor}>Investor Involved</span>}
        </div>
        <h3 className={styles.cardTitle}>{campaign.project_name}</h3>
        <p className={styles.cardText}>
          {cut(campaign.description, CARD_DESCRIPTION_CUT, { trimEnd: true })}
        </p>
        <p className={styles.goal}>
          Goal <strong>{solText(campaign.sol_goal)} SOL</strong>
        </p>
        <Link className={styles.cardLink} to={`/airdrops/view/${campaign.id}`}>
          View campaign<span className="visually-hidden">: {campaign.project_name}</span>
        </Link>
      </div>
    </article>
  )
}
