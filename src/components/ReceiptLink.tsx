// 'View receipt': the link to a donation's receipt page. The recovery form shows it after a recovery, and the
// thank-you after a donation takes it in its `Receipt` slot (filled by src/app/donate/DonateRoute.tsx).
import { Link } from 'react-router-dom'
import { receiptPath } from '../lib/receipts.api'
import { buttonClass } from './button'

export const RECEIPT_LINK_TEXT = 'View receipt'

export function ReceiptLink({ txHash, className }: { txHash: string; className?: string }) {
  return (
    <Link to={receiptPath(txHash)} className={className ?? buttonClass('ghost')}>
      {RECEIPT_LINK_TEXT}
    </Link>
  )
}
