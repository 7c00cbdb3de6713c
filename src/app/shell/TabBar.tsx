// Bottom tab bar on phones: Explore, Verify, Airdrops, then Dashboard and Account when signed in or
// Login. Short visible labels; the accessible names are the spec's nav labels.
import { useAtom, useAtomValue } from 'jotai'
import type { CSSProperties, ReactNode } from 'react'
import { NavLink } from 'react-router-dom'
import { isLoggedInAtom } from '../../state/auth.atoms'
import { UnreadBadge } from '../../components/UnreadBadge'
import { accountSheetOpenAtom } from './account/account.atoms'
import { useAccountUnread } from './account/account-unread'
import styles from './TabBar.module.css'

// One path each, drawn inline: an icon given as a CSS image (a mask or a background) makes Chromium build an SVG
// document per icon during the first style pass, ~15 ms of a cheap phone's main thread (docs/performance.md,
// 'What shapes the first screen').
const ICON_PATHS = {
  explore:
    'M11 4a7 7 0 1 0 4.2 12.6L20 21.4 21.4 20l-4.8-4.8A7 7 0 0 0 11 4Zm0 2a5 5 0 1 1 0 10 5 5 0 0 1 0-10Z',
  verify:
    'M12 2 4 5v6c0 5 3.4 9.3 8 11 4.6-1.7 8-6 8-11V5l-8-3Zm-1 14-4-4 1.4-1.4 2.6 2.6 5.6-5.6L18 9l-7 7Z',
  airdrops: 'M12 3C7 3 3 6.6 3 11h2a3.5 3.5 0 0 1 6 0h2a3.5 3.5 0 0 1 6 0h2c0-4.4-4-8-9-8Zm-1 9v7h2v-7h-2Z',
  dashboard: 'M4 4h7v7H4V4Zm9 0h7v4h-7V4ZM4 13h7v7H4v-7Zm9-3h7v10h-7V10Z',
  account:
    'M12 4a4 4 0 1 1 0 8 4 4 0 0 1 0-8Zm0 2a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm0 7c3.3 0 8 1.7 8 5v2H4v-2c0-3.3 4.7-5 8-5Zm0 2c-2.8 0-5.6 1.4-6 3h12c-.4-1.6-3.2-3-6-3Z',
  login:
    'M10 17l1.4-1.4L8.8 13H20v-2H8.8l2.6-2.6L10 7l-5 5 5 5ZM4 3h8v2H4v14h8v2H4a2 2 0 0 1-2-2V5c0-1.1.9-2 2-2Z',
}

type IconName = keyof typeof ICON_PATHS

const Icon = ({ name }: { name: IconName }) => (
  <svg
    className={styles.icon}
    width="24"
    height="24"
    viewBox="0 0 24 24"
    aria-hidden="true"
    focusable="false"
  >
    <path d={ICON_PATHS[name]} />
  </svg>
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
  // counted by the navbar's account chip, mounted whenever the user is signed in
  const unread = useAccountUnread()
  return (
    <button
      type="button"
      className={open ? `${styles.tab} ${styles.active}` : styles.tab}
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-label={unread.text ? `Account, ${unread.text}` : undefined}
      onClick={() => setOpen(true)}
    >
      <Icon name="account" />
      <UnreadBadge count={unread.count} className={styles.unread} />
      <span>Account</span>
    </button>
  )
}

/** The tab screens, left to right: a move between two of them slides the way the tabs lie (usePageTransition). */
export const TAB_PATHS = ['/explore', '/public', '/airdrops', '/dashboard', '/login']

export function TabBar() {
  const loggedIn = useAtomValue(isLoggedInAtom)
  return (
    <nav aria-label="Tabs" className={styles.bar} style={{ '--tabs': loggedIn ? 5 : 4 } as CSSProperties}>
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
