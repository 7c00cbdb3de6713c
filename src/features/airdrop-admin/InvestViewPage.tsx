// /admin/investview (spec §2, §4): investment intents; Approve (opens the chat) only for pending; reject.
import { useSetAtom } from 'jotai'
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { buttonClass } from '../../components/button'
import page from '../../components/Page.module.css'
import ui from '../../components/AirdropUi.module.css'
import { Pagination, pageCountOf } from '../../components/Pagination'
import { SkeletonList } from '../../components/Skeleton'
import { WalletAddress } from '../../components/WalletAddress'
import { approveIntent, listAllIntents, rejectIntent, type InvestmentIntent } from '../../lib/airdrops.api'
import { solText } from '../../lib/sol'
import { pageParam, useAirdropLoad } from '../../lib/use-airdrop-load'
import { authApi } from '../../state/api'
import { pushToastAtom } from '../../state/toast.atoms'
import { AdminNav } from './AdminNav'
import { AdminOnly } from './AdminOnly'
import styles from './Admin.module.css'

const STATUS: Record<InvestmentIntent['status'], [string, string | undefined]> = {
  pending: ['Pending', ui.warn],
  approved: ['Approved', ui.ok],
  rejected: ['Rejected', ui.bad],
  merged: ['Chat Opened', ui.info],
}

function Intents() {
  const toast = useSetAtom(pushToastAtom)
  const [search, setSearch] = useSearchParams()
  const current = pageParam(search)
  const list = useAirdropLoad((signal) => listAllIntents(authApi, current, signal), `intents-${current}`)
  const [busy, setBusy] = useState<number | null>(null)
  useEffect(() => {
    if (list.error) toast({ kind: 'error', text: 'Failed to load intents' })
  }, [list.error, toast])

  const decide = async (intent: InvestmentIntent, decision: 'approve' | 'reject') => {
    setBusy(intent.id)
    try {
      const { message } = await (decision === 'approve' ? approveIntent : rejectIntent)(authApi, intent.id)
      toast({ kind: 'success', text: message })
      list.reload()
    } catch (caught) {
      console.warn('intent decision', caught)
      toast({ kind: 'error', text: decision === 'approve' ? 'Approval failed' : 'Rejection failed' })
    } finally {
      setBusy(null)
    }
  }

  return (
    <main className={page.page}>
      <header className={ui.header}>
        <span className={page.eyebrow}>Admin</span>
        <h1>Investment intents</h1>
        <AdminNav />
      </header>
      {list.loading ? (
        <SkeletonList count={4} height={56} label="Loading investment intents" />
      ) : list.error ? (
        <p className={ui.alert} role="alert">Failed to load intents</p>
      ) : !list.data || list.data.results.length === 0 ? (
        <p className={ui.empty}>No investment intents yet.</p>
      ) : (
        <div className={ui.tableWrap}>
          <table className={`${ui.table} ${ui.stacked}`}>
            <thead>
              <tr>
                <th scope="col">Campaign</th>
                <th scope="col">Investor</th>
                <th scope="col" className={ui.num}>Amount</th>
                <th scope="col" className={ui.num}>Equity</th>
                <th scope="col">Message</th>
                <th scope="col">Contact</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.data.results.map((intent) => (
                <tr key={intent.id}>
                  <th scope="row">
                    <Link to={`/airdrops/view/${intent.campaign}`}>{intent.campaign_name}</Link>
                  </th>
                  <td data-label="Investor">
                    <WalletAddress address={intent.investor_wallet} head={4} />
                  </td>
                  <td data-label="Amount" className={ui.num}>{solText(intent.proposed_amount)} SOL</td>
                  <td data-label="Equity" className={ui.num}>{intent.equity_percentage ? `${intent.equity_percentage}%` : '—'}</td>
                  <td data-label="Message" className={styles.message}>{intent.message}</td>
                  <td data-label="Contact" className={styles.message}>{intent.contact_info ?? '—'}</td>
                  <td data-label="Status">
                    <span className={STATUS[intent.status][1]}>{STATUS[intent.status][0]}</span>
                  </td>
                  <td data-label="Actions">
                    {intent.status === 'pending' ? (
                      <span className={ui.actions}>
                        <button type="button" className={buttonClass('primary')} disabled={busy === intent.id} onClick={() => void decide(intent, 'approve')}>
                          Approve
                        </button>
                        <button type="button" className={buttonClass('secondary')} disabled={busy === intent.id} onClick={() => void decide(intent, 'reject')}>
                          Reject
                        </button>
                      </span>
                    ) : intent.status === 'merged' && intent.chat_session_id ? (
                      <Link to={`/chat/${intent.chat_session_id}`}>View chat</Link>
                    ) : (
                      <span className={ui.muted}>—</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={current} pageCount={pageCountOf(list.data?.count ?? 0, 10)} onPage={(n) => setSearch(n > 1 ? { page: String(n) } : {})} />
    </main>
  )
}

export default function InvestViewPage() {
  return (
    <AdminOnly>
      <Intents />
    </AdminOnly>
  )
}
