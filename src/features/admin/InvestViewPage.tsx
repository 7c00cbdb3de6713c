// /admin/investview: investment intents; Approve (opens the chat) only for pending; reject.
import { useSetAtom } from 'jotai'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { NumCell, RowLink, SolCell, StatusCell } from '../../components/Cells'
import { LoadedTable } from '../../components/LoadedTable'
import { DecisionButtons } from './DecisionButtons'
import ui from '../../components/Ui.module.css'
import { Pagination, pageCountOf } from '../../components/Pagination'
import { WalletAddress } from '../../components/WalletAddress'
import { approveIntent, listAllIntents, rejectIntent, type InvestmentIntent } from '../../lib/airdrops.api'
import { equityText, INTENT_STATUS } from '../../lib/intent-status'
import { authApi } from '../../state/api'
import { pushToastAtom } from '../../state/toast.atoms'
import { useSubmit } from '../../state/use-submit'
import { AdminScreen } from './AdminScreen'
import styles from './Admin.module.css'
import { useLoad, usePageSearch } from '../../lib/use-load'
import { useFailureToast } from '../../state/use-failure-toast'

const COLUMNS = [
  { label: 'Campaign' },
  { label: 'Investor' },
  { label: 'Amount', num: true },
  { label: 'Equity', num: true },
  { label: 'Message' },
  { label: 'Contact' },
  { label: 'Status' },
  { label: 'Actions' },
]

export default function InvestViewPage() {
  const toast = useSetAtom(pushToastAtom)
  const [current, setPage] = usePageSearch()
  const list = useLoad((signal) => listAllIntents(authApi, current, signal), `intents-${current}`)
  const [deciding, setDeciding] = useState<number | null>(null)
  const { busy: sending, submit } = useSubmit()
  const busy = sending ? deciding : null
  useFailureToast(list.error, 'Failed to load intents')

  const decide = async (intent: InvestmentIntent, decision: 'approve' | 'reject') => {
    setDeciding(intent.id)
    const outcome = await submit(
      () => (decision === 'approve' ? approveIntent : rejectIntent)(authApi, intent.id),
      { failed: decision === 'approve' ? 'Approval failed' : 'Rejection failed', formless: true },
    )
    if (!outcome?.ok) return
    toast({ kind: 'success', text: outcome.value.message })
    list.reload()
  }

  return (
    <AdminScreen title="Investment intents">
      <LoadedTable
        list={list}
        loading={{ count: 4, label: 'Loading investment intents' }}
        failed="Failed to load intents"
        empty="No investment intents yet."
        columns={COLUMNS}
        row={(intent) => (
          <tr key={intent.id}>
            <RowLink to={`/airdrops/view/${intent.campaign}`}>{intent.campaign_name}</RowLink>
            <td data-label="Investor">
              <WalletAddress address={intent.investor_wallet} head={4} />
            </td>
            <SolCell label="Amount" sol={intent.proposed_amount} />
            <NumCell label="Equity">{equityText(intent)}</NumCell>
            <td data-label="Message" className={styles.message}>
              {intent.message}
            </td>
            <td data-label="Contact" className={styles.message}>
              {intent.contact_info ?? '—'}
            </td>
            <StatusCell {...INTENT_STATUS[intent.status]} />
            <td data-label="Actions">
              {intent.status === 'pending' ? (
                <DecisionButtons
                  busy={busy === intent.id}
                  onApprove={() => void decide(intent, 'approve')}
                  onReject={() => void decide(intent, 'reject')}
                />
              ) : intent.status === 'merged' && intent.chat_session_id ? (
                <Link to={`/chat/${intent.chat_session_id}`}>View chat</Link>
              ) : (
                <span className={ui.muted}>—</span>
              )}
            </td>
          </tr>
        )}
      />
      <Pagination page={current} pageCount={pageCountOf(list.data?.count ?? 0, 10)} onPage={setPage} />
    </AdminScreen>
  )
}
