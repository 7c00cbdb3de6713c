// The header's wallet chip for a signed-in user: the wallet, shortened, the network when it is not the local
// ledger, and the count of unread notifications and chat messages (it keeps both counts, for the tab bar too). It
// opens the account sheet with the notifications, every screen
// of the account and Logout.
import { useAtom, useAtomValue } from 'jotai'
import { ClusterBadge } from '../../../components/ClusterBadge'
import { UnreadBadge } from '../../../components/UnreadBadge'
import { useUnreadNotificationsLoader } from '../../../features/notifications/unread'
import { shortAddress } from '../../../lib/address'
import { walletAtom } from '../../../state/auth.atoms'
import { useChatUnreadLoader } from '../../../state/chat-unread'
import { accountSheetOpenAtom } from './account.atoms'
import { useAccountUnread } from './account-unread'
import styles from './Account.module.css'

export function AccountButton() {
  const wallet = useAtomValue(walletAtom)
  const [open, setOpen] = useAtom(accountSheetOpenAtom)
  useUnreadNotificationsLoader()
  useChatUnreadLoader()
  const unread = useAccountUnread()
  return (
    <button
      type="button"
      className={styles.chip}
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-label={[`Account ${wallet ?? ''}`.trim(), unread.text].filter(Boolean).join(', ')}
      onClick={() => setOpen(true)}
    >
      <span className={styles.avatar} aria-hidden="true">
        <UnreadBadge count={unread.count} className={styles.avatarBadge} />
      </span>
      <span className={styles.chipAddress}>{wallet ? shortAddress(wallet, 4) : 'Account'}</span>
      <ClusterBadge />
    </button>
  )
}
