// What /donate/:id shows when its emergency could not load: the reason, and offline a way back to what this device
// has (the previous screen, or Explore's saved list).
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { buttonClass } from '../../components/button'
import page from '../../components/Page.module.css'
import styles from './EmergencyUnavailable.module.css'

export function EmergencyUnavailable({ text, offline }: { text: string; offline: boolean }) {
  const navigate = useNavigate()
  // The app's first screen has no previous one in it ('default').
  const cameFromApp = useLocation().key !== 'default'
  return (
    <main className={page.centered}>
      <p role="alert">{text}</p>
      {offline && (
        <div className={styles.ways}>
          {cameFromApp && (
            <button type="button" className={buttonClass('primary')} onClick={() => navigate(-1)}>
              Go back
            </button>
          )}
          <Link to="/explore" className={buttonClass(cameFromApp ? 'secondary' : 'primary')}>
            Explore emergencies
          </Link>
        </div>
      )}
    </main>
  )
}
