import { SkeletonBlock } from '../../components/Skeleton'
import styles from '../../components/Stat.module.css'

/** One headline count: its value, a skeleton while it loads, '—' when it could not load. */
export function StatTile({
  label,
  value,
  failed,
}: {
  label: string
  value: string | undefined
  failed: boolean
}) {
  return (
    <div className={styles.stat}>
      <span className={styles.label}>{label}</span>
      {value !== undefined ? (
        <strong className={styles.value}>{value}</strong>
      ) : failed ? (
        <strong className={styles.value}>—</strong>
      ) : (
        <SkeletonBlock height={32} />
      )}
    </div>
  )
}
