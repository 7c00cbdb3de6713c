import styles from './Footer.module.css'

export function Footer() {
  return (
    <footer className={styles.footer}>
      <p>
        © {new Date().getFullYear()} Lifeline. Donations go straight to each emergency’s wallet on Solana.
      </p>
    </footer>
  )
}
