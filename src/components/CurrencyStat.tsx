// A summary figure given in both currencies (my donations, my tips, the platform's tips): SOL large, USDC on its
// own line below. Never one sum: there is no exchange rate between them.
import { amountText } from '../lib/money'
import { SkeletonBlock } from './Skeleton'
import styles from './Stat.module.css'

export function CurrencyStat({
  label,
  sol,
  usdc,
  failed,
  className,
}: {
  label: string
  /** added to the card's own class (e.g. a width) */
  className?: string
  /** decimal strings from the API; undefined while loading */
  sol: string | undefined
  usdc: string | undefined
  failed: boolean
}) {
  return (
    <div className={className ? `${styles.stat} ${className}` : styles.stat}>
      <span className={styles.label}>{label}</span>
      {sol !== undefined ? (
        <>
          <strong className={styles.value}>{amountText('SOL', sol, true)}</strong>
          <strong className={styles.second}>{amountText('USDC', usdc, true)}</strong>
        </>
      ) : failed ? (
        <strong className={styles.value}>—</strong>
      ) : (
        <SkeletonBlock height={32} />
      )}
    </div>
  )
}
