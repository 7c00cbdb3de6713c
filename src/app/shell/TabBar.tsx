// Bottom tab bar on phones (DESIGN §6): Explore, Onchain Verify, Airdrops, Dashboard/Login.
import { useAtomValue } from 'jotai'
import { NavLink } from 'react-router-dom'
import { isLoggedInAtom } from '../../state/auth.atoms'
import styles from './TabBar.module.css'

const paths = {
  explore:
    'M11 4a7 7 0 1 0 4.2 12.6L20 21.4 21.4 20l-4.8-4.8A7 7 0 0 0 11 4Zm0 2a5 5 0 1 1 0 10 5 5 0 0 1 0-10Z',
  verify:
    'M12 2 4 5v6c0 5 3.4 9.3 8 11 4.6-1.7 8-6 8-11V5l-8-3Zm-1 14-4-4 1.4-1.4 2.6 2.6 5.6-5.6L18 9l-7 7Z',
  airdrops: 'M12 3C7 3 3 6.6 3 11h2a3.5 3.5 0 0 1 6 0h2a3.5 3.5 0 0 1 6 0h2c0-4.4-4-8-9-8Zm-1 9v7h2v-7h-2Z',
  dashboard: 'M4 4h7v7H4V4Zm9 0h7v4h-7V4ZM4 13h7v7H4v-7Zm9-3h7v10h-7V10Z',
  login:
    'M10 17l1.4-1.4L8.8 13H20v-2H8.8l2.6-2.6L10 7l-5 5 5 5ZM4 3h8v2H4v14h8v2H4a2 2 0 0 1-2-2V5c0-1.1.9-2 2-2Z',
}

function Tab({ to, label, icon }: { to: string; label: string; icon: string }) {
  return (
    <NavLink to={to} className={({ isActive }) => (isActive ? `${styles.tab} ${styles.active}` : styles.tab)}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path d={icon} fill="currentColor" />
      </svg>
      <span>{label}</span>
    </NavLink>
  )
}

export function TabBar() {
  const loggedIn = useAtomValue(isLoggedInAtom)
  return (
    <nav aria-label="Tabs" className={styles.bar}>
      <Tab to="/explore" label="Explore" icon={paths.explore} />
      <Tab to="/public" label="Onchain Verify" icon={paths.verify} />
      <Tab to="/airdrops" label="Airdrops" icon={paths.airdrops} />
      {loggedIn ? (
        <Tab to="/dashboard" label="Dashboard" icon={paths.dashboard} />
      ) : (
        <Tab to="/login" label="Login" icon={paths.login} />
      )}
    </nav>
  )
}
