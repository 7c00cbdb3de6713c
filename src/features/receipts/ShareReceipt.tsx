// 'Share' on a receipt: the system share sheet where there is one (phones), else the receipt's link copied.
import { ShareLinkButton } from '../../components/ShareLinkButton'
import { type Receipt, receiptPath } from '../../lib/receipts.api'
import { RECEIPT_TEXT } from './receipt-text'

export function ShareReceipt({ receipt }: { receipt: Receipt }) {
  const link = () => ({
    title: RECEIPT_TEXT.title,
    text: `My donation to ${receipt.emergency.title}`,
    url: new URL(receiptPath(receipt.tx_hash), window.location.origin).toString(),
  })
  return (
    <ShareLinkButton link={link} copied={RECEIPT_TEXT.copied} failed={RECEIPT_TEXT.shareFailed}>
      {RECEIPT_TEXT.share}
    </ShareLinkButton>
  )
}
