import { parseSol, percentOf, solText } from '../lib/sol'
import styles from './ProgressBar.module.css'

/** Raised of goal in SOL, the bar capped at 100 %. */
export function ProgressBar({ raised, goal }: { raised: string; goal: string }) {
  const percent = percentOf(parseSol(raised) ?? 0n, parseSol(goal) ?? 0n)
  const label = `${Math.floor(percent)}%`
  return (
    <div className={styles.wrap}>
      <div
        className={styles.track}
        role="progressbar"
        aria-label="Raised of goal"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.floor(percent)}
      >
        <div className={styles.fill} style={{ width: `${percent}%` }} />
      </div>
      <div className={styles.legend}>
        <span>
          <strong>{solText(raised)} SOL</strong> raised of {solText(goal)} SOL
        </span>
        <span>{label}</span>
      </div>
    </div>
  )
}
