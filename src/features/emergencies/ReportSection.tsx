// 'Flag as Scam' away from the donation path: a quiet last section, shown while the emergency is not
// already flagged. Flagging needs the network, so offline it waits, saying why.
import { OfflineNote } from '../../components/OfflineNote'
import { useOnline } from '../../lib/use-online'
import { FlagButton } from './FlagButton'
import styles from './DonatePage.module.css'

export function ReportSection({ emergencyId, onFlagged }: { emergencyId: number; onFlagged: () => void }) {
  const online = useOnline()
  return (
    <section className={styles.report} aria-label="Report">
      <p>Something wrong with this emergency?</p>
      <FlagButton emergencyId={emergencyId} onFlagged={onFlagged} disabled={!online} />
      <OfflineNote action="flagging" />
    </section>
  )
}
