// /donate/:id. The donation form and the live donations come from the donations feature
// through slots filled by the route (features never import each other); the emergency, its first donations and its
// first updates are the route's loader reads (src/app/donate/donate.loader.ts).
import { useAtomValue } from 'jotai'
import { Suspense, type ComponentType } from 'react'
import type { Page } from '../../../api-contract/common'
import type { Donation } from '../../../api-contract/donations'
import type { EmergencyUpdate } from '../../../api-contract/updates'
import { SkeletonBlock } from '../../components/Skeleton'
import { ProgressBar } from '../../components/ProgressBar'
import { TrustSignals } from '../../components/TrustSignals'
import { WalletAddress } from '../../components/WalletAddress'
import page from '../../components/Page.module.css'
import type { Emergency } from '../../lib/emergencies.api'
import { type Read, useRead } from '../../lib/public-read'
import { NotifyMeButton } from '../../notifications/NotifyMeButton'
import { api } from '../../state/api'
import { walletAtom } from '../../state/auth.atoms'
import { EmergencyUnavailable } from './EmergencyUnavailable'
import { ProofCarousel } from './ProofCarousel'
import { ReportSection } from './ReportSection'
import { StickyDonateBar } from './StickyDonateBar'
import { UpdatesSection } from './updates/UpdatesSection'
import { embedUrl } from './video'
import { useEmergency } from './useEmergency'
import styles from './DonatePage.module.css'

const DONATE_SECTION = 'donate'

export interface DonateSlots {
  DonateForm: ComponentType<{ emergency: Emergency }>
  Donations: ComponentType<{ emergencyId: number; first: Read<Page<Donation>> }>
  /** the page link to the share sheet (features/share) */
  Share?: ComponentType<{ emergency: Emergency }>
  /** "Donate from your phone": a Solana Pay QR at desktop widths (features/share) */
  PhoneDonate?: ComponentType<{ emergency: Emergency }>
}

interface DonateReads {
  id: string
  emergency: Read<Emergency> | Promise<Read<Emergency>>
  donations: Read<Page<Donation>> | Promise<Read<Page<Donation>>>
  updates: Read<Page<EmergencyUpdate>> | Promise<Read<Page<EmergencyUpdate>>>
}

export function DonatePage({ id, ...rest }: DonateSlots & DonateReads) {
  // Keyed by the emergency: another one's page starts afresh from its own reads.
  return (
    <Suspense key={id} fallback={<DonateSkeleton />}>
      <DonateContent id={id} {...rest} />
    </Suspense>
  )
}

function DonateSkeleton() {
  return (
    <main className={`${page.page} ${styles.layout}`} aria-busy="true" aria-label="Loading emergency">
      <div className={styles.main}>
        <SkeletonBlock height={260} />
        <SkeletonBlock height={36} />
        <SkeletonBlock height={120} />
      </div>
      <div className={styles.aside}>
        <SkeletonBlock height={320} />
      </div>
    </main>
  )
}

function DonateContent(props: DonateSlots & DonateReads) {
  const { DonateForm, Donations, Share, PhoneDonate } = props
  const donations = useRead(props.donations)
  const updates = useRead(props.updates)
  const { emergency, error, offline } = useEmergency(api, props.id, useRead(props.emergency), {
    live: true,
  })
  // A page the server rendered is hydrated only for a visitor with no wallet stored (start-app.tsx), so the
  // wallet read here matches the server's render.
  const wallet = useAtomValue(walletAtom)

  if (error) return <EmergencyUnavailable text={error} offline={offline} />
  if (!emergency) return <DonateSkeleton />

  const video = embedUrl(emergency.video_url)
  const underReview = emergency.is_flagged
  const own = wallet !== null && wallet === emergency.owner.wallet_address
  return (
    <main className={`${page.page} ${styles.layout}`}>
      <article className={styles.main}>
        <ProofCarousel images={emergency.proof_images} title={emergency.title} />
        <header className={styles.header}>
          <div className={styles.badges}>
            {emergency.is_featured && <span className={styles.featured}>★ Featured</span>}
            {underReview && <span className={styles.review}>Under Review</span>}
          </div>
          <h1 className={styles.title}>{emergency.title}</h1>
          <div className={styles.metaRow}>
            <TrustSignals emergency={emergency} organiser />
            <div className={styles.actions}>
              {Share && <Share emergency={emergency} />}
              <NotifyMeButton emergencyId={emergency.id} />
            </div>
          </div>
        </header>
        <section className={styles.card}>
          <ProgressBar
            raised={emergency.total_donated}
            goal={emergency.sol_goal}
            usdc={emergency.usdc_donated}
          />
          <div className={styles.walletRow}>
            <span className={styles.label}>Receiving wallet</span>
            <WalletAddress address={emergency.receiving_wallet} />
          </div>
        </section>
        <p className={styles.description}>{emergency.description}</p>
        {video && (
          <div className={styles.video}>
            <iframe
              src={video}
              title={`Video: ${emergency.title}`}
              loading="lazy"
              allow="encrypted-media; picture-in-picture; fullscreen"
              referrerPolicy="strict-origin-when-cross-origin"
              allowFullScreen
            />
          </div>
        )}
        <UpdatesSection emergency={emergency} first={updates} />
      </article>
      <aside className={styles.aside}>
        <section id={DONATE_SECTION} className={styles.card} aria-labelledby="donate-heading">
          <h2 id="donate-heading" className={styles.asideTitle}>
            Donate
          </h2>
          <p className={styles.goal}>
            Goal <strong>{emergency.sol_goal} SOL</strong>
          </p>
          {underReview && <ReviewWarning />}
          <DonateForm emergency={emergency} />
        </section>
        {PhoneDonate && <PhoneDonate emergency={emergency} />}
        <Donations emergencyId={emergency.id} first={donations} />
      </aside>
      {!underReview && !own && <ReportSection emergencyId={emergency.id} />}
      <StickyDonateBar targetId={DONATE_SECTION} raised={emergency.total_donated} goal={emergency.sol_goal} />
    </main>
  )
}

export const REVIEW_WARNING = {
  title: 'Under review',
  text:
    'People reported this emergency as a possible scam, and an admin is checking it. A donation cannot be ' +
    'undone: give only if you know and trust the organiser.',
}

/** Above the form, so the donor reads it before the wallet asks them to sign. */
function ReviewWarning() {
  return (
    <div role="note" aria-label={REVIEW_WARNING.title} className={styles.reviewWarning}>
      <strong>⚠ {REVIEW_WARNING.title}</strong>
      <p>{REVIEW_WARNING.text}</p>
    </div>
  )
}
