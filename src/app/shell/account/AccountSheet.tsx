// Every screen of a signed-in account, one tap from anywhere: the latest notifications (e.g. an emergency the user
// donated to was confirmed as a scam), dashboard, creating an emergency, my campaigns and their chats, the investor
// dashboard and its chats (each with its chats' unread messages), the admin screens for admins; installing the
// app; Logout.
import { useAtomValue, useSetAtom } from 'jotai'
import { useId, useState } from 'react'
import { Link } from 'react-router-dom'
import { ClusterBadge } from '../../../components/ClusterBadge'
import { Modal } from '../../../components/Modal'
import { useCurrentUser } from '../../../state/use-current-user'
import { WalletAddress } from '../../../components/WalletAddress'
import { NotificationList, NOTIFICATIONS_TEXT } from '../../../features/notifications/NotificationList'
import { walletAtom, walletTypeAtom } from '../../../state/auth.atoms'
import { unreadAs, unreadMessagesText, useChatUnread } from '../../../state/chat-unread'
import { UnreadBadge } from '../../../components/UnreadBadge'
import { installWayAtom, promptInstallAtom } from '../install/install.atoms'
import { IosInstallSheet } from '../../../components/IosInstallSheet'
import { LogoutButton } from '../LogoutButton'
import styles from './Account.module.css'

const SCREENS: {
  to: string
  label: string
  detail: string
  admin?: boolean
  /** its chats: the side the user is on in them */
  chats?: 'Developer' | 'Investor'
}[] = [
  { to: '/dashboard', label: 'My Dashboard', detail: 'Donations, emergencies, badges, tips' },
  { to: '/create', label: 'Create Emergency', detail: 'Raise SOL for someone in need' },
  {
    to: '/airdrop/my',
    label: 'My Campaigns',
    detail: 'Listing payments and investor chats',
    chats: 'Developer',
  },
  {
    to: '/investor/dashboard',
    label: 'Investor Dashboard',
    detail: 'Your KYC, interests and chats',
    chats: 'Investor',
  },
  { to: '/admin', label: 'Admin', detail: 'Review flags, KYC, payments, intents', admin: true },
]

export default function AccountSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const wallet = useAtomValue(walletAtom)
  const walletType = useAtomValue(walletTypeAtom)
  const user = useCurrentUser()
  const installWay = useAtomValue(installWayAtom)
  const promptInstall = useSetAtom(promptInstallAtom)
  const [iosSteps, setIosSteps] = useState(false)
  const ids = useId()
  const unread = useChatUnread()
  const unreadOf = (screen: (typeof SCREENS)[number]) => (screen.chats ? unreadAs(unread, screen.chats) : 0)

  return (
    <>
      <Modal title="Account" open={open} onClose={onClose}>
        {wallet && (
          <div className={styles.wallet}>
            <span className={styles.walletName}>
              {walletType ?? 'Wallet'} <ClusterBadge />
            </span>
            <WalletAddress address={wallet} />
          </div>
        )}
        {open && (
          <section className={styles.notifications} aria-labelledby={`${ids}notifications`}>
            <h3 id={`${ids}notifications`} className={styles.sectionTitle}>
              {NOTIFICATIONS_TEXT.heading}
            </h3>
            <NotificationList limit={3} />
          </section>
        )}
        <nav aria-label="Account">
          <ul className={styles.screens}>
            {SCREENS.filter((screen) => !screen.admin || user?.is_admin).map((screen) => (
              <li key={screen.to}>
                <Link
                  to={screen.to}
                  className={styles.screen}
                  aria-label={
                    unreadOf(screen) > 0
                      ? `${screen.label}, ${unreadMessagesText(unreadOf(screen))}`
                      : screen.label
                  }
                  aria-describedby={`${ids}${screen.to}`}
                >
                  <span className={styles.screenLabel}>
                    {screen.label} <UnreadBadge count={unreadOf(screen)} />
                  </span>
                  <span id={`${ids}${screen.to}`} className={styles.screenDetail}>
                    {screen.detail}
                  </span>
                </Link>
              </li>
            ))}
            {installWay && (
              <li>
                <button
                  type="button"
                  className={styles.screen}
                  aria-label="Install app"
                  onClick={() => (installWay === 'ios' ? setIosSteps(true) : void promptInstall())}
                >
                  <span className={styles.screenLabel}>Install app</span>
                  <span className={styles.screenDetail}>Open Lifeline from your home screen</span>
                </button>
              </li>
            )}
          </ul>
        </nav>
        <LogoutButton className={styles.logout} />
      </Modal>
      {installWay === 'ios' && <IosInstallSheet open={iosSteps} onClose={() => setIosSteps(false)} />}
    </>
  )
}
