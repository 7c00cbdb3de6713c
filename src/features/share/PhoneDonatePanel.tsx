// "Donate from your phone" (desktop): a Solana Pay QR for the amount and tip typed in the donate form. The
// phone's wallet asks our Action for the transaction, signs and sends it; the server's reference watcher records
// it from the chain, and this panel says so. Loaded lazily, only at desktop widths.
import { useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'
import type { Emergency } from '../../../api-contract/emergencies'
import { buttonClass } from '../../components/button'
import { TxLink } from '../../components/TxLink'
import { shortAddress } from '../../lib/address'
import { amountText, formatAmount } from '../../lib/money'
import { donationDraftAtom } from '../../state/donation-draft.atoms'
import { QrCode } from './QrCode'
import { actionUrl, newCheckoutId, type QrGift, transactionRequestUrl } from './solana-pay'
import { useCheckoutStatus } from './useCheckoutStatus'
import styles from './PhoneDonate.module.css'

export const PHONE_TEXT = {
  title: 'Donate from your phone',
  prompt: 'Type an amount in the form to get a QR code.',
  scan: 'Scan with Phantom, Solflare or any Solana Pay wallet.',
  opened: 'Approve the donation in your wallet…',
  received: 'Received, thank you',
  again: 'Donate again',
}

export default function PhoneDonatePanel({ emergency }: { emergency: Emergency }) {
  const draft = useAtomValue(donationDraftAtom)
  const [checkout, setCheckout] = useState(newCheckoutId)
  // The gift the QR last showed: its donation is awaited even if the form is cleared meanwhile.
  const [shown, setShown] = useState<QrGift | null>(null)
  const status = useCheckoutStatus(checkout, shown)
  const values = draft?.emergencyId === emergency.id ? draft : null
  const url =
    values && transactionRequestUrl(actionUrl(window.location.origin, emergency.id, values, checkout))

  useEffect(() => {
    if (values && url) setShown({ currency: values.currency, amount: values.amount, tip: values.tip })
  }, [values, url])

  const received = status?.status === 'received' ? status.donation : null
  return (
    <section className={styles.panel} aria-labelledby="phone-donate-heading">
      <h2 id="phone-donate-heading" className={styles.title}>
        {PHONE_TEXT.title}
      </h2>
      {received ? (
        <div className={styles.received} role="status">
          <p className={styles.thanks}>✓ {PHONE_TEXT.received}</p>
          <p className={styles.detail}>
            {amountText(received.currency, received.amount)}
            {received.tip_amount !== '0'
              ? ` + ${amountText(received.currency, received.tip_amount)} tip`
              : ''}{' '}
            from <code>{shortAddress(received.donor_wallet)}</code>
          </p>
          <TxLink signature={received.tx_hash} />
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => {
              setCheckout(newCheckoutId())
              setShown(null)
            }}
          >
            {PHONE_TEXT.again}
          </button>
        </div>
      ) : url && values ? (
        <div className={styles.body}>
          <a href={url} className={styles.qr} aria-label="Open the donation in a wallet on this device">
            <QrCode text={url} label={`Solana Pay QR code to donate to ${emergency.title}`} size={200} />
          </a>
          <div className={styles.text}>
            <p className={styles.amount}>
              {formatAmount(values.currency, values.amount)} {values.currency}
              {values.tip > 0n
                ? ` + ${formatAmount(values.currency, values.tip)} ${values.currency} tip`
                : ''}
            </p>
            <p className={styles.hint} aria-live="polite">
              {status?.status === 'opened' ? PHONE_TEXT.opened : PHONE_TEXT.scan}
            </p>
          </div>
        </div>
      ) : (
        <p className={styles.prompt}>{PHONE_TEXT.prompt}</p>
      )}
    </section>
  )
}
