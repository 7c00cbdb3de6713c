// Bottom tab bar on phones: Explore, Verify, Airdrops, then Dashboard and Account when signed in or
// Login. Short visible labels; the accessible names are the spec's nav labels.
import { useAtom, useAtomValue } from 'jotai'
import type { ReactNode } from 'react'
import { NavLink } from '../../lib/router'
import { isLoggedInAtom } from '../../state/auth.atoms'
import { accountSheetOpenAtom } from './account/account.atoms'
import styles from './TabBar.module.css'

type IconName = 'explore' | 'verify' | 'airdrops' | 'dashboard' | 'account' | 'login'

const Icon = ({ name }: { name: IconName }) => (
  <span className={`${styles.icon} ${styles[name]}`} aria-hidden="true" />
)

function Tab({ to, label, name, icon }: { to: string; label: string; name?: string; icon: IconName }) {
  return (
    <NavLink
      to={to}
      aria-label={name}
      className={({ isActive }) => (isActive ? `${styles.tab} ${styles.active}` : styles.tab)}
    >
      <Icon name={icon} />
      <span>{label}</span>
    </NavLink>
  )
}

function AccountTab(): ReactNode {
  const [open, setOpen] = useAtom(accountSheetOpenAtom)
  return (
    <button
      type="button"
      className={open ? `${styles.tab} ${styles.active}` : styles.tab}
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={() => setOpen(true)}
    >
      <Icon name="account" />
      <span>Account</span>
    </button>
  )
}

export function TabBar() {
  const loggedIn = useAtomValue(isLoggedInAtom)
  return (
    <nav aria-label="Tabs" className={styles.bar}>
      <Tab to="/explore" label="Explore" name="Explore Emergencies" icon="explore" />
      <Tab to="/public" label="Verify" name="Onchain Verify" icon="verify" />
      <Tab to="/airdrops" label="Airdrops" name="Fundraise Airdrop" icon="airdrops" />
      {loggedIn ? (
        <>
          <Tab to="/dashboard" label="Dashboard" icon="dashboard" />
          <AccountTab />
        </>
      ) : (
        <Tab to="/login" label="Login" icon="login" />
      )}
    </nav>
  )
}
