import { NavLink } from 'react-router-dom'
import { buttonClass } from '../../components/button'
import styles from './Admin.module.css'

const LINKS: [string, string][] = [
  ['/admin/kyc-submissions', 'KYC submissions'],
  ['/admin/campaign-pay', 'Campaign payments'],
  ['/admin/investview', 'Investment intents'],
]

export function AdminNav() {
  return (
    <nav className={styles.nav} aria-label="Airdrop admin">
      {LINKS.map(([to, label]) => (
        <NavLink
          key={to}
          to={to}
          className={({ isActive }) => buttonClass(isActive ? 'primary' : 'secondary')}
        >
          {label}
        </NavLink>
      ))}
    </nav>
  )
}
