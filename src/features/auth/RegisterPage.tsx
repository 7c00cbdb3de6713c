// /register: connect, check registration; registered → log in; otherwise the e-mail form.
// The check runs whenever a wallet is (or becomes) connected, so arriving from /login needs no extra tap.
import { useAtomValue, useSetAtom } from 'jotai'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { buttonClass } from '../../components/button'
import page from '../../components/Page.module.css'
import { useFlows } from '../../flows/use-flows'
import { checkWalletAtom } from '../../sign-in/sign-in.steps'
import type { RegisterInput } from '../../sign-in/sign-in.flows'
import { loadPendingFlow } from '../../flows/pending-flow'
import { authStatusAtom } from '../../state/auth.atoms'
import { walletBridgeAtom, walletStackRequestedAtom } from '../../state/wallet.atoms'
import { WalletModal } from '../../wallet/WalletModal'
import styles from './Auth.module.css'
import { busyStatuses } from './AuthStatusNote'
import { AuthCard } from './AuthCard'
import { useRedirectParam } from './redirect'

export default function RegisterPage() {
  const redirect = useRedirectParam()
  const bridge = useAtomValue(walletBridgeAtom)
  const status = useAtomValue(authStatusAtom)
  const requestStack = useSetAtom(walletStackRequestedAtom)
  const check = useSetAtom(checkWalletAtom)
  const { start } = useFlows()
  // Back from a wallet app (deep links) with a registration or sign-in under way: it continues by itself, so the
  // screen shows its form as it was and runs no check of its own over it.
  const [resumed] = useState(() => {
    const action = loadPendingFlow()
    return action?.kind === 'register' || action?.kind === 'sign-in' ? action : null
  })
  const registering = resumed?.kind === 'register' ? (resumed.input as RegisterInput) : null
  const [modalOpen, setModalOpen] = useState(false)
  const [needsEmail, setNeedsEmail] = useState(registering !== null)
  const [email, setEmail] = useState(registering?.email ?? '')
  const checked = useRef<string | null>(null)
  const busy = status !== null && busyStatuses.has(status)

  // A registered wallet signs in at once.
  const checkAndLogin = useCallback(
    async (address: string) => {
      checked.current = address
      const registered = await check(address)
      if (registered === false) setNeedsEmail(true)
      if (registered === true) await start('sign-in', { redirect }, { automatic: true })
    },
    [check, redirect, start],
  )

  useEffect(() => requestStack(true), [requestStack])
  useEffect(() => {
    const address = bridge?.address
    if (!address || checked.current === address || busy) return
    if (resumed && checked.current === null) checked.current = address
    else void checkAndLogin(address)
  }, [bridge?.address, busy, checkAndLogin, resumed])

  return (
    <main className={page.narrow}>
      <AuthCard
        id="register-title"
        title="Register on Lifeline"
        sub="Connect your wallet, then add your e-mail address."
      >
        {needsEmail ? (
          <form
            noValidate
            className={styles.form}
            onSubmit={(event) => {
              event.preventDefault()
              void start('register', { email, redirect })
            }}
          >
            <label className={styles.field}>
              Email
              <input
                className={styles.input}
                type="email"
                name="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </label>
            <button type="submit" className={buttonClass('primary', { block: true })} disabled={busy}>
              Register &amp; Login
            </button>
          </form>
        ) : null}
        <button
          type="button"
          className={buttonClass(needsEmail ? 'ghost' : 'primary', { block: true })}
          disabled={busy}
          onClick={() => setModalOpen(true)}
        >
          {bridge?.address ? 'Switch Wallet' : 'Select Wallet'}
        </button>
        <p className={styles.alt}>
          Already registered? <Link to={`/login?redirect=${encodeURIComponent(redirect)}`}>Login</Link>
        </p>
      </AuthCard>
      <WalletModal
        open={modalOpen}
        onClose={() => setModalOpen(false)}
        onSelect={async (name) => {
          setModalOpen(false)
          setNeedsEmail(false)
          checked.current = null
          await start('connect', { walletName: name })
        }}
      />
    </main>
  )
}
