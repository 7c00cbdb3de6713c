// /receipt/:tx: a donation's receipt, the record of its on-chain transfer (issue 31). Public and server-rendered
// (a shared link opens with its content), printable on one A4 page, shareable, with the transaction on the explorer.
import { Suspense } from 'react'
import { Link, useLoaderData } from 'react-router-dom'
import { buttonClass } from '../../components/button'
import { ListEmpty } from '../../components/ListEmpty'
import page from '../../components/Page.module.css'
import { SkeletonList } from '../../components/Skeleton'
import { VerifyDonation } from '../../components/VerifyDonation'
import { useRead, useRetryWhenOnline } from '../../lib/public-read'
import { type Receipt, shownOfReceipt } from '../../lib/receipts.api'
import type { ReceiptData } from './receipt.loader'
import { RECEIPT_TEXT, utcText } from './receipt-text'
import { ShareReceipt } from './ShareReceipt'
import styles from './Receipt.module.css'

export default function ReceiptPage() {
  const { receipt } = useLoaderData<ReceiptData>()
  return (
    <main className={`${page.page} ${styles.page}`}>
      <Suspense fallback={<SkeletonList count={1} height={560} label="Loading the receipt" />}>
        <LoadedReceipt read={receipt} />
      </Suspense>
    </main>
  )
}

function LoadedReceipt({ read }: { read: ReceiptData['receipt'] }) {
  const { data, failure } = useRead(read)
  useRetryWhenOnline(failure !== undefined && failure.status === 0)
  if (data) return <ReceiptSheet receipt={data} />
  // no such donation, or no signature at all: the server's codes, not a proxy's 404 page
  if (failure.code === 'not_found' || failure.code === 'validation_error')
    return (
      <div className={styles.missing}>
        <h1>{RECEIPT_TEXT.title}</h1>
        <p>{RECEIPT_TEXT.notFound}</p>
        <p className={styles.hint}>{RECEIPT_TEXT.notFoundHint}</p>
      </div>
    )
  return <ListEmpty className={styles.missing} text={RECEIPT_TEXT.failed} failed />
}

function ReceiptSheet({ receipt }: { receipt: Receipt }) {
  const { currency, emergency } = receipt
  const hasTip = receipt.tip_amount !== '0'
  return (
    <article className={styles.receipt} aria-labelledby="receipt-title">
      <p className={page.eyebrow}>Lifeline</p>
      <h1 id="receipt-title" className={styles.title}>
        {RECEIPT_TEXT.title}
      </h1>
      <p className={styles.amount}>
        {receipt.amount} {currency}
      </p>
      <p className={styles.to}>
        to <Link to={`/donate/${emergency.id}`}>{emergency.title}</Link>
      </p>
      <dl className={styles.facts}>
        <Fact label="Date">{utcText(receipt.block_time ?? receipt.created_at)}</Fact>
        <Fact label="Donation">
          {receipt.amount} {currency}
        </Fact>
        <Fact label="Tip to Lifeline">{hasTip ? `${receipt.tip_amount} ${currency}` : 'None'}</Fact>
        <Fact label="From (donor wallet)" code>
          {receipt.donor_wallet}
        </Fact>
        <Fact label="To (emergency wallet)" code>
          {emergency.receiving_wallet}
        </Fact>
        {receipt.comment && <Fact label="Comment">{receipt.comment}</Fact>}
        <Fact label="Network">Solana {receipt.cluster}</Fact>
        <Fact label="Slot">{String(receipt.slot)}</Fact>
        <Fact label="Transaction signature" code>
          {receipt.tx_hash}
        </Fact>
      </dl>
      <p className={styles.note}>{RECEIPT_TEXT.notTax}</p>
      <div className={styles.actions}>
        <a
          className={buttonClass('primary')}
          href={receipt.explorer_url}
          target="_blank"
          rel="noopener noreferrer"
        >
          {RECEIPT_TEXT.verify} ↗
        </a>
        <button type="button" className={buttonClass('secondary')} onClick={() => window.print()}>
          {RECEIPT_TEXT.print}
        </button>
        <ShareReceipt receipt={receipt} />
      </div>
      <VerifyDonation shown={shownOfReceipt(receipt)} />
    </article>
  )
}

function Fact({
  label,
  code = false,
  children,
}: {
  label: string
  code?: boolean
  children: string[] | string
}) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd className={code ? styles.code : undefined}>{children}</dd>
    </div>
  )
}
