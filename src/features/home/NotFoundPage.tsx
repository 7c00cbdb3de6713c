import { Link } from 'react-router-dom'
import { buttonClass } from '../../components/button'
import styles from '../../components/Page.module.css'

export default function NotFoundPage() {
  return (
    <main className={styles.centered}>
      <span className={styles.eyebrow}>404</span>
      <h1>Page not found</h1>
      <p className={styles.lead}>The page you are looking for does not exist or has moved.</p>
      <Link className={buttonClass('primary')} to="/">
        Go Home
      </Link>
    </main>
  )
}
