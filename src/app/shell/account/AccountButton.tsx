// The header's wallet chip for a signed-in user: the wallet, shortened, the network when it is not the local
// ledger, and the count of unread notifications. It opens the account sheet with the notifications, every screen
// of the account and Logout.
import { useAtom, useAtomValue } from 'jotai'
import { ClusterBadge } from '../../../components/ClusterBadge'
import { UnreadBadge } from '../../../features/notifications/UnreadBadge'
import { unreadText, useUnreadCount } from '../../../features/notifications/unread'
import { shortAddress } from '../../../lib/address'
import { walletAtom } from '../../../state/auth.atoms'
import { accountSheetOpenAtom } from './account.atoms'
import styles from './Account.module.css'

export function AccountButton() {
  const wallet = useAtomValue(walletAtom)
  const [open, setOpen] = useAtom(accountSheetOpenAtom)
  const unread = useUnreadCount()
  return (
    <button
      type="button"
      className={styles.chip}
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-label={[`Account ${wallet ?? ''}`.trim(), unread > 0 && unreadText(unread)]
        .filter(Boolean)
        .join(', ')}
      onClick={() => setOpen(true)}
    >
      <span className={styles.avatar} aria-hidden="true" />
      <span className={styles.chipAddress}>{wallet ? shortAddress(wallet, 4) : 'Account'}</span>
      <ClusterBadge />
      <UnreadBadge count={unread} />
    </button>
  )
}
