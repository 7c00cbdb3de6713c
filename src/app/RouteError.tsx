import { Link, useRouteError } from 'react-router-dom'
import { buttonClass } from '../components/button'
import styles from '../components/Page.module.css'

/** The app-level error boundary: a failed chunk load (offline) or a render error. */
export function RouteError() {
  const error = useRouteError()
  const offline = typeof navigator !== 'undefined' && !navigator.onLine
  console.error(error)
  return (
    <main className={styles.centered}>
      <h1>{offline ? 'You are offline' : 'Something went wrong'}</h1>
      <p className={styles.lead}>
        {offline
          ? 'This page has not been saved for offline use yet.'
          : 'Please reload the page and try again.'}
      </p>
      <Link className={buttonClass('primary')} to="/" reloadDocument>
        Go Home
      </Link>
    </main>
  )
}

/** The shell's page (index.html, scripts/prerender.ts): every route without a first screen of its own. */
export function HydrateFallback() {
  return <main className={styles.page} aria-busy="true" />
}
