// 'Flag as Scam' away from the donation path: a quiet last section, shown to anyone but the emergency's owner
// while it is not under review. One flag does not put it under review (docs/decisions/016-flag-rule.md), so once
// this visitor's flag is recorded the section says so in the server's words instead of offering the button again.
// Flagging needs the network, so offline it waits, saying why.
import { useState } from 'react'
import { OfflineNote } from '../../components/OfflineNote'
import { useOnline } from '../../lib/use-online'
import { FlagButton } from './FlagButton'
import styles from './DonatePage.module.css'

export function ReportSection({ emergencyId }: { emergencyId: number }) {
  const online = useOnline()
  const [told, setTold] = useState<string | null>(null)
  return (
    <section className={styles.report} aria-label="Report">
      {told ? (
        <p role="status">{told}</p>
      ) : (
        <>
          <p>Something wrong with this emergency?</p>
          <FlagButton emergencyId={emergencyId} onFlagged={setTold} disabled={!online} />
          <OfflineNote action="flagging" />
        </>
      )}
    </section>
  )
}
