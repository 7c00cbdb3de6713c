import { amountText, parseAmount } from '../lib/money'
import { parseSol, percentOf, solText } from '../lib/sol'
import styles from './ProgressBar.module.css'

/**
 * Raised of goal in SOL, the bar capped at 100 %. USDC raised (when there is any) is its own line below: the goal
 * is in SOL and there is no exchange rate, so the two are never added.
 */
export function ProgressBar({ raised, goal, usdc }: { raised: string; goal: string; usdc?: string }) {
  const percent = percentOf(parseSol(raised) ?? 0n, parseSol(goal) ?? 0n)
  const label = `${Math.floor(percent)}%`
  const usdcRaised = (parseAmount('USDC', usdc ?? '0') ?? 0n) > 0n
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
      {usdcRaised && (
        <p className={styles.usdc} data-testid="usdc-raised">
          <span className={styles.token} aria-hidden="true">
            $
          </span>
          <span>
            <strong>{amountText('USDC', usdc)}</strong> also raised
          </span>
        </p>
      )}
    </div>
  )
}
