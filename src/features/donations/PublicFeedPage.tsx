// /public, 'Onchain Verify': every donation, live, each with its transaction in the explorer. Search by
// title, amount or transaction hash on the server; the next page loads as the end of the list comes into view.
import { Suspense, useEffect, useRef, useState } from 'react'
import { Link, useLoaderData } from 'react-router-dom'
import grid from '../../components/Grid.module.css'
import page from '../../components/Page.module.css'
import { SearchInput } from '../../components/SearchInput'
import { SkeletonList } from '../../components/Skeleton'
import { TxLink } from '../../components/TxLink'
import { VerifyDonation } from '../../components/VerifyDonation'
import { WalletAddress } from '../../components/WalletAddress'
import { RelativeTime } from '../../components/RelativeTime'
import { ListEmpty } from '../../components/ListEmpty'
import { useRead } from '../../lib/public-read'
import { amountText } from '../../lib/money'
import { receiptPath, shownOfDonation } from '../../lib/receipts.api'
import { api } from '../../state/api'
import type { PublicFeedData } from './public-feed.loader'
import { usePublicFeed } from './usePublicFeed'
import styles from './PublicFeed.module.css'

export const NO_FEED_TEXT = 'No donations yet'
export const NO_FEED_MATCH_TEXT = 'No donations matched your search.'
export const FEED_RECEIPT_TEXT = 'Receipt'

export default function PublicFeedPage() {
  const { feed } = useLoaderData<PublicFeedData>()
  const [typed, setTyped] = useState('')
  const [search, setSearch] = useState('')

  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(typed), 300)
    return () => window.clearTimeout(timer)
  }, [typed])

  return (
    <main className={page.page}>
      <h1 className={grid.title}>Live Donation Activity</h1>
      <p className={grid.lead}>Every donation on Lifeline, verifiable on the chain.</p>
      <SearchInput
        label="Search donations by title, amount or transaction hash"
        placeholder="Title, amount (5 USDC) or tx hash"
        value={typed}
        onChange={setTyped}
      />
      <div className={styles.spacer} />
      <Suspense fallback={<FeedSkeleton />}>
        <Feed first={feed} search={search} />
      </Suspense>
    </main>
  )
}

const FeedSkeleton = () => (
  <SkeletonList className={styles.feed} count={8} height={150} label="Loading donations" />
)

function Feed({ first, search }: { first: PublicFeedData['feed']; search: string }) {
  const list = useRef<HTMLUListElement>(null)
  // Reading further down: the list's top has scrolled out of view, so a row added there would move the rest.
  const reading = () => (list.current?.getBoundingClientRect().top ?? 0) < 0
  const feed = usePublicFeed(search, useRead(first), reading)
  const { items, hasNext, loading, more, failed, arrived, waiting, showWaiting } = feed
  const sentinel = useRef<HTMLDivElement>(null)

  // Back at the top, the donations that waited join the list.
  useEffect(() => {
    if (waiting === 0) return
    const onScroll = () => {
      if ((list.current?.getBoundingClientRect().top ?? 0) >= 0) showWaiting()
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [waiting, showWaiting])

  useEffect(() => {
    const node = sentinel.current
    if (!node || !hasNext) return
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && more(), {
      rootMargin: '400px',
    })
    observer.observe(node)
    return () => observer.disconnect()
  }, [hasNext, more])

  return (
    <>
      {waiting > 0 && (
        <button
          type="button"
          className={styles.waiting}
          onClick={() => {
            showWaiting()
            list.current?.scrollIntoView({ block: 'start', behavior: 'smooth' })
          }}
        >
          ↑ {waiting === 1 ? '1 new donation' : `${waiting} new donations`}
        </button>
      )}
      {items === null ? (
        <FeedSkeleton />
      ) : items.length === 0 ? (
        <ListEmpty
          className={grid.empty}
          text={search.trim() ? NO_FEED_MATCH_TEXT : NO_FEED_TEXT}
          failed={failed}
        />
      ) : (
        <ul ref={list} className={styles.feed} aria-label="Donations">
          {items.map((donation) => (
            <li
              key={donation.id}
              className={arrived.has(donation.id) ? `${styles.card} ${styles.arrived}` : styles.card}
            >
              <strong className={styles.amount}>{amountText(donation.currency, donation.amount)}</strong>
              <Link to={`/donate/${donation.emergency_id}`} className={styles.title}>
                {donation.emergency_title}
              </Link>
              <p className={styles.comment}>{donation.comment || 'Anon'}</p>
              <WalletAddress address={donation.donor_wallet} head={4} />
              <div className={styles.foot}>
                <RelativeTime iso={donation.created_at} />
                <span className={styles.links}>
                  <TxLink signature={donation.tx_hash} label="Explorer" />
                  <Link to={receiptPath(donation.tx_hash)} className={styles.receipt}>
                    {FEED_RECEIPT_TEXT}
                  </Link>
                </span>
              </div>
              <VerifyDonation compact shown={() => shownOfDonation(api, donation)} />
            </li>
          ))}
        </ul>
      )}
      <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />
      {loading && items !== null && <p className={styles.loading}>Loading more…</p>}
    </>
  )
}
