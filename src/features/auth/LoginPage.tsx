// /login: with no wallet connected, 'Select Wallet' (the modal); once one is connected, 'Direct Login' with it and
// 'Switch Wallet'; `redirect`.
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useState } from 'react'
import { Link, Navigate } from 'react-router-dom'
import { buttonClass } from '../../components/button'
import page from '../../components/Page.module.css'
import { authStatusAtom, isLoggedInAtom } from '../../state/auth.atoms'
import { walletBridgeAtom, walletStackRequestedAtom } from '../../state/wallet.atoms'
import { WalletModal } from '../../wallet/WalletModal'
import styles from './Auth.module.css'
import { busyStatuses } from './AuthStatusNote'
import { AuthCard } from './AuthCard'
import { useRedirectParam } from './redirect'
import { useSignIn } from './useSignIn'

export default function LoginPage() {
  const redirect = useRedirectParam()
  const signIn = useSignIn()
  const bridge = useAtomValue(walletBridgeAtom)
  const status = useAtomValue(authStatusAtom)
  const loggedIn = useAtomValue(isLoggedInAtom)
  const requestStack = useSetAtom(walletStackRequestedAtom)
  const [modalOpen, setModalOpen] = useState(false)
  const busy = status !== null && busyStatuses.has(status)
  const connected = Boolean(bridge?.address)

  useEffect(() => requestStack(true), [requestStack])
  if (loggedIn && status !== 'logging-in') return <Navigate to={redirect} replace />

  return (
    <main className={page.narrow}>
      <AuthCard
        id="login-title"
        title="Login to Lifeline"
        sub="Sign a one-time message with your wallet. No password, no fees."
      >
        {/* With no wallet connected, choosing one is the way in; 'Direct Login' then signs with it. */}
        {connected && (
          <button
            type="button"
            className={buttonClass('primary', { block: true })}
            disabled={busy}
            onClick={() => void signIn({ redirect })}
          >
            Direct Login
          </button>
        )}
        <button
          type="button"
          className={buttonClass(connected ? 'secondary' : 'primary', { block: true })}
          disabled={busy}
          onClick={() => setModalOpen(true)}
        >
          {connected ? 'Switch Wallet' : 'Select Wallet'}
        </button>
        <p className={styles.alt}>
          New to Lifeline? <Link to={`/register?redirect=${encodeURIComponent(redirect)}`}>Register</Link>
        </p>
      </AuthCard>
      <WalletModal
        open={modalOpen}
        onClose={() => setModalOpen(false)}
        onSelect={(name) => {
          setModalOpen(false)
          void signIn({ walletName: name, redirect })
        }}
      />
    </main>
  )
}
