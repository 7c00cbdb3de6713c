// Every admin screen from every admin screen: the overview at /admin, flags, KYC,
// listing payments and investment intents. Short chips on screen; the accessible names say it in full.
import { NavLink } from 'react-router-dom'
import styles from './AdminNav.module.css'

const LINKS: { to: string; label: string; name: string }[] = [
  { to: '/admin', label: 'Overview', name: 'Overview' },
  { to: '/admin/flagged', label: 'Flagged', name: 'Flagged emergencies' },
  { to: '/admin/kyc-submissions', label: 'KYC', name: 'KYC submissions' },
  { to: '/admin/campaign-pay', label: 'Payments', name: 'Campaign payments' },
  { to: '/admin/investview', label: 'Intents', name: 'Investment intents' },
]

export function AdminNav() {
  return (
    <nav className={styles.nav} aria-label="Admin">
      {LINKS.map(({ to, label, name }) => (
        <NavLink
          key={to}
          to={to}
          end
          aria-label={name}
          className={({ isActive }) => (isActive ? `${styles.chip} ${styles.active}` : styles.chip)}
        >
          {label}
        </NavLink>
      ))}
    </nav>
  )
}
