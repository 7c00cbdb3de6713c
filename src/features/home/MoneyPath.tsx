// The hero's illustration on wide screens: how a donation travels. Explanatory, no figures.
import styles from './Home.module.css'

const stops = [
  { title: 'Your wallet', text: 'You approve the exact amount in Phantom or Solflare.' },
  { title: 'Solana', text: 'The transfer settles on-chain in seconds.' },
  { title: 'Emergency wallet', text: 'SOL lands directly with the person in need.' },
]

export function MoneyPath() {
  return (
    <ol className={styles.path} aria-label="How a donation travels">
      {stops.map((stop, index) => (
        <li key={stop.title} className={styles.stop}>
          <span className={styles.node} aria-hidden="true">
            {index + 1}
          </span>
          <div>
            <strong>{stop.title}</strong>
            <p className={styles.muted}>{stop.text}</p>
          </div>
        </li>
      ))}
    </ol>
  )
}
