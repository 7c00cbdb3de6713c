// The card of the sign-in screens (login, register): the title, one line on what happens, the connected wallet
// and the sign-in progress, then the screen's own buttons.
import type { ReactNode } from 'react'
import styles from './Auth.module.css'
import { AuthStatusNote } from './AuthStatusNote'
import { ConnectedWallet } from './ConnectedWallet'

export function AuthCard({
  id,
  title,
  sub,
  children,
}: {
  id: string
  title: string
  sub: string
  children: ReactNode
}) {
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h1 id={id} className={styles.title}>
        {title}
      </h1>
      <p className={styles.sub}>{sub}</p>
      <ConnectedWallet />
      <AuthStatusNote />
      {children}
    </section>
  )
}
