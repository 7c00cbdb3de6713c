// 'Share' on a receipt: the system share sheet where there is one (phones), else the receipt's link copied.
import { useSetAtom } from 'jotai'
import { buttonClass } from '../../components/button'
import { type Receipt, receiptPath } from '../../lib/receipts.api'
import { shareLink } from '../../lib/share-link'
import { pushToastAtom } from '../../state/toast.atoms'
import { RECEIPT_TEXT } from './receipt-text'

export function ShareReceipt({ receipt }: { receipt: Receipt }) {
  const toast = useSetAtom(pushToastAtom)
  const share = async () => {
    const url = new URL(receiptPath(receipt.tx_hash), window.location.origin).toString()
    try {
      const text = `My donation to ${receipt.emergency.title}`
      const shared = await shareLink({ title: RECEIPT_TEXT.title, text, url })
      if (shared === 'copied') toast({ kind: 'success', text: RECEIPT_TEXT.copied })
    } catch (error) {
      console.warn('share failed', error)
      toast({ kind: 'error', text: RECEIPT_TEXT.shareFailed })
    }
  }
  return (
    <button type="button" className={buttonClass('secondary')} onClick={share}>
      {RECEIPT_TEXT.share}
    </button>
  )
}
