// /wallet/callback/{request_id}: where Phantom and Solflare send the user back
// (docs/decisions/007-phone-wallets.md). Either this browser asked (back to that page, which picks up where it
// left off), or another one did — the home-screen app on iOS, another browser on Android — and the answer goes
// through the blind relay: "Go back to Lifeline".
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { buttonClass } from '../../components/button'
import page from '../../components/Page.module.css'
import { handleCallback, type CallbackOutcome } from './handle-callback'
import styles from './WalletCallbackPage.module.css'

export default function WalletCallbackPage() {
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  const [outcome, setOutcome] = useState<CallbackOutcome | null>(null)
  const handled = useRef(false)

  useEffect(() => {
    if (handled.current) return
    handled.current = true
    // The answer leaves the address bar at once: a reload or a shared link must not hand it over again.
    window.history.replaceState(window.history.state, '', pathname)
    void handleCallback(pathname, search).then((result) => {
      if (result.kind === 'return') navigate(result.to, { replace: true })
      else setOutcome(result)
    })
  }, [navigate, pathname, search])

  return (
    <main className={page.narrow}>
      <section className={styles.card} aria-labelledby="callback-title" aria-live="polite">
        {outcome === null || outcome.kind === 'return' ? (
          <>
            <h1 id="callback-title" className={styles.title}>
              Back from your wallet
            </h1>
            <p className={styles.text} role="status">
              <span className={styles.dot} aria-hidden="true" />
              Reading your wallet&apos;s answer…
            </p>
          </>
        ) : outcome.kind === 'relayed' ? (
          <>
            <h1 id="callback-title" className={styles.title}>
              Go back to Lifeline
            </h1>
            <p className={styles.text}>
              Your wallet&apos;s answer is on its way. Switch back to the Lifeline app (the one on your home
              screen, or the browser you started in) and it continues by itself.
            </p>
            <p className={styles.hint}>You can close this tab. Nothing was signed in or paid here.</p>
          </>
        ) : (
          <>
            <h1 id="callback-title" className={styles.title}>
              Nothing to continue here
            </h1>
            <p className={styles.error} role="alert">
              {outcome.message}
            </p>
            <Link className={buttonClass('primary', { block: true })} to={outcome.to}>
              Back to Lifeline
            </Link>
          </>
        )}
      </section>
    </main>
  )
}
