// The moment after a donation (issue 29): thanks with the amount, the transaction and its explorer link, a way to
// share the emergency (the next most useful thing a donor can do), the way back to it and to their donations.
// Slots for what other features add to this moment: "Notify me of updates" and the donation's receipt link.
import { useEffect, useRef, type ComponentType } from 'react'
import { Link } from 'react-router-dom'
import type { Emergency } from '../../../api-contract/emergencies'
import { buttonClass } from '../../components/button'
import { TxLink } from '../../components/TxLink'
import { formatAmount } from '../../lib/money'
import type { DonationReceipt } from '../../payment/payment.flows'
import styles from './ThankYou.module.css'

export const THANK_YOU_TEXT = {
  title: 'Thank you!',
  done: 'Thank you! Your donation is confirmed and recorded.',
  share: 'Sharing this page is the next best way to help.',
  back: 'Back to the emergency',
  mine: 'My donations',
} as const

/** What other features put in the thank-you, filled by the route (features never import each other). */
export interface ThankYouSlots {
  /** Share the emergency: the phone's share sheet, or a copied link (features/share). */
  Share?: ComponentType<{ emergency: Emergency }>
  /** "Notify me of updates" on this emergency (push notifications). */
  Notify?: ComponentType<{ emergency: Emergency }>
  /** A link to this donation's receipt. */
  Receipt?: ComponentType<{ emergency: Emergency; txHash: string }>
}

export function ThankYou({
  emergency,
  receipt,
  slots = {},
  onBack,
}: {
  emergency: Emergency
  receipt: DonationReceipt
  slots?: ThankYouSlots
  /** Back to the emergency: the page's top, the form ready again. */
  onBack: () => void
}) {
  const { Share, Notify, Receipt } = slots
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    heading.current?.focus({ preventScroll: true })
    heading.current?.scrollIntoView?.({ block: 'center' })
  }, [])
  const tip = BigInt(receipt.tip)
  return (
    <div className={styles.thanks}>
      <h3 ref={heading} tabIndex={-1} className={styles.title}>
        {THANK_YOU_TEXT.title}
      </h3>
      <p role="status" className={styles.done}>
        {THANK_YOU_TEXT.done}
      </p>
      <p className={styles.amount}>
        <strong>
          {formatAmount(receipt.currency, BigInt(receipt.amount))} {receipt.currency}
        </strong>{' '}
        to {emergency.title}
        {tip > 0n && (
          <span>
            {' '}
            + {formatAmount(receipt.currency, tip)} {receipt.currency} tip
          </span>
        )}
      </p>
      <p className={styles.tx}>
        Transaction <TxLink signature={receipt.tx_hash} />
      </p>
      {Receipt && <Receipt emergency={emergency} txHash={receipt.tx_hash} />}
      {Share && (
        <div className={styles.share}>
          <p>{THANK_YOU_TEXT.share}</p>
          <Share emergency={emergency} />
        </div>
      )}
      {Notify && <Notify emergency={emergency} />}
      <div className={styles.next}>
        <button type="button" className={buttonClass('secondary', { block: true })} onClick={onBack}>
          {THANK_YOU_TEXT.back}
        </button>
        <Link to="/dashboard#my-donations" className={buttonClass('ghost', { block: true })}>
          {THANK_YOU_TEXT.mine}
        </Link>
      </div>
    </div>
  )
}
