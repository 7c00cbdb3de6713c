// A flagged emergency's reports as the admin weighs them: how many reporters, and their latest reasons (the
// answer carries the newest 20; three are shown, the rest counted), each with when and who (the reporter's hash).
import { RelativeTime } from '../../components/RelativeTime'
import type { FlaggedEmergency } from '../../lib/emergencies.api'
import styles from './Admin.module.css'

const SHOWN = 3

export const flagCountText = (count: number) => (count === 1 ? '1 flag' : `${count} flags`)

export function FlagReasons({ item }: { item: FlaggedEmergency }) {
  const shown = item.flags.slice(0, SHOWN)
  const more = item.flag_count - shown.length
  return (
    <div className={styles.flags}>
      <strong>{flagCountText(item.flag_count)}</strong>
      <ul className={styles.flagList}>
        {shown.map((flag) => (
          <li key={flag.id}>
            <span className={styles.reason}>{flag.reason}</span>
            <span className={styles.ip}>
              <RelativeTime iso={flag.created_at} /> · {flag.reporter.slice(0, 8)}
            </span>
          </li>
        ))}
      </ul>
      {more > 0 && <span className={styles.ip}>and {more} more</span>}
    </div>
  )
}
