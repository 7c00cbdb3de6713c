import { Link } from 'react-router-dom'
import { buttonClass } from '../../components/button'
import styles from '../../components/Page.module.css'

export default function UnauthorizedPage() {
  return (
    <main className={styles.centered}>
      <span className={styles.eyebrow}>403</span>
      <h1>Access Denied</h1>
      <p className={styles.lead}>You do not have permission to view this page.</p>
      <Link className={buttonClass('primary')} to="/">
        Go Home
      </Link>
    </main>
  )
}
