// 'View receipt': the link to a donation's receipt. The thank-you after a donation shows it in its `Receipt` slot
// (ThankYouSlots of features/donations, filled by src/app/donate/DonateRoute.tsx).
import { Link } from 'react-router-dom'
import { buttonClass } from '../../components/button'
import { receiptPath } from '../../lib/receipts.api'
import { RECEIPT_TEXT } from './receipt-text'

export function ReceiptLink({ txHash }: { txHash: string }) {
  return (
    <Link to={receiptPath(txHash)} className={buttonClass('ghost')}>
      {RECEIPT_TEXT.link}
    </Link>
  )
}
