// The spec's navbar: always Explore Emergencies, Fundraise Airdrop, Onchain Verify; with wallet and token
// Create Emergency, Dashboard, the account chip (every other account screen) and Logout; otherwise Connect
// Wallet, Login, Register. Phones keep the brand and the wallet button; the tab bar carries the rest.
import { useAtomValue } from 'jotai'
import { Link, NavLink } from 'react-router-dom'
import { buttonClass } from '../../components/button'
import { isLoggedInAtom } from '../../state/auth.atoms'
import { AccountButton } from './account/AccountButton'
import { ConnectWalletButton } from './ConnectWalletButton'
import { LogoutButton } from './LogoutButton'
import styles from './Navbar.module.css'

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${styles.link} ${styles.active}` : styles.link

export function Navbar() {
  const loggedIn = useAtomValue(isLoggedInAtom)
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.brand} aria-label="Lifeline home">
          <img src="/icons/favicon.svg" alt="" width="32" height="32" />
          <span>Lifeline</span>
        </Link>
        <nav aria-label="Main" className={styles.nav}>
          <NavLink to="/explore" className={linkClass}>
            Explore Emergencies
          </NavLink>
          <NavLink to="/airdrops" className={linkClass}>
            Fundraise Airdrop
          </NavLink>
          <NavLink to="/public" className={linkClass}>
            Onchain Verify
          </NavLink>
          {loggedIn && (
            <>
              <NavLink to="/create" className={linkClass}>
                Create Emergency
              </NavLink>
              <NavLink to="/dashboard" className={linkClass}>
                Dashboard
              </NavLink>
            </>
          )}
        </nav>
        <div className={styles.actions}>
          {loggedIn ? (
            <>
              <AccountButton />
              {/* On phones Logout sits in the account sheet, beside the other account screens. */}
              <LogoutButton className={`${buttonClass('secondary')} ${styles.wide} ${styles.compact}`} />
            </>
          ) : (
            <>
              <ConnectWalletButton />
              <NavLink to="/login" className={`${buttonClass('ghost')} ${styles.wide}`}>
                Login
              </NavLink>
              <NavLink to="/register" className={`${buttonClass('secondary')} ${styles.wide}`}>
                Register
              </NavLink>
            </>
          )}
        </div>
      </div>
    </header>
  )
}
