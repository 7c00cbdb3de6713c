// /admin/campaign-pay: listing-fee claims; pending → approve/reject, rejected → approve, confirmed → none.
// A claim approved while the ledger was unreachable is "Unverified" until the server proves it on-chain; its
// "Verify now" asks the server to check it at once (refuted: rejected and the campaign un-listed).
import { useSetAtom } from 'jotai'
import { useState } from 'react'
import { RowLink, SolCell } from '../../components/Cells'
import { LoadedTable } from '../../components/LoadedTable'
import { DecisionButtons } from './DecisionButtons'
import ui from '../../components/Ui.module.css'
import { buttonClass } from '../../components/button'
import { Pagination, pageCountOf } from '../../components/Pagination'
import { TxLink } from '../../components/TxLink'
import { ApiError } from '../../lib/api-client'
import { decidePayment, listCampaignPayments, type CampaignPayment } from '../../lib/airdrops.api'
import { authApi } from '../../state/api'
import { pushToastAtom } from '../../state/toast.atoms'
import { AdminScreen } from './AdminScreen'
import { useLoad, usePageSearch } from '../../lib/use-load'
import { useFailureToast } from '../../state/use-failure-toast'

const COLUMNS = [
  { label: 'Campaign' },
  { label: 'Amount', num: true },
  { label: 'Transaction' },
  { label: 'Submitted' },
  { label: 'Status' },
  { label: 'Actions' },
]
const FAILED = { approve: 'Failed to approve payment', reject: 'Failed to reject payment' } as const

function Status({ payment }: { payment: CampaignPayment }) {
  if (payment.unverified)
    return (
      <span className={ui.warn} title="Approved while the ledger was unreachable; not verified on-chain yet">
        Unverified
      </span>
    )
  if (payment.confirmed) return <span className={ui.ok}>Confirmed</span>
  if (payment.rejected) return <span className={ui.bad}>Rejected</span>
  return <span className={ui.warn}>Pending</span>
}

export default function CampaignPaymentsPage() {
  const toast = useSetAtom(pushToastAtom)
  const [current, setPage] = usePageSearch()
  const list = useLoad((signal) => listCampaignPayments(authApi, current, signal), `pay-${current}`)
  const [busy, setBusy] = useState<number | null>(null)
  const [detail, setDetail] = useState<string | null>(null)
  useFailureToast(list.error, 'Failed to load campaign payments')

  const decide = async (payment: CampaignPayment, decision: 'approve' | 'reject') => {
    setBusy(payment.id)
    setDetail(null)
    try {
      const { message, verified } = await decidePayment(authApi, payment.campaign, payment.id, decision)
      toast({ kind: verified === false ? 'info' : 'success', text: message })
      list.reload()
    } catch (caught) {
      console.warn('payment decision', caught)
      const failed = payment.unverified ? 'Failed to verify payment' : FAILED[decision]
      toast({ kind: 'error', text: failed })
      // 503: the ledger still cannot be reached, which the admin must know to try again later.
      if (caught instanceof ApiError && (caught.status < 500 || caught.status === 503))
        setDetail(`${failed}: ${caught.message}`)
    } finally {
      setBusy(null)
    }
  }

  return (
    <AdminScreen title="Campaign payments">
      {detail && (
        <p className={ui.alert} role="alert">
          {detail}
        </p>
      )}
      <LoadedTable
        list={list}
        loading={{ count: 4, label: 'Loading campaign payments' }}
        failed="Failed to load campaign payments"
        empty="No campaign payments yet."
        columns={COLUMNS}
        row={(payment) => (
          <tr key={payment.id}>
            <RowLink to={`/airdrops/view/${payment.campaign}`}>{payment.campaign_name}</RowLink>
            <SolCell label="Amount" sol={payment.amount} />
            <td data-label="Transaction">
              <TxLink signature={payment.tx_hash} />
            </td>
            <td data-label="Submitted">{new Date(payment.submitted_at).toLocaleString()}</td>
            <td data-label="Status">
              <Status payment={payment} />
            </td>
            <td data-label="Actions">
              {payment.unverified ? (
                <button
                  type="button"
                  className={buttonClass('secondary')}
                  disabled={busy === payment.id}
                  onClick={() => void decide(payment, 'approve')}
                >
                  Verify now
                </button>
              ) : payment.confirmed ? (
                <span className={ui.muted}>—</span>
              ) : (
                <DecisionButtons
                  busy={busy === payment.id}
                  onApprove={() => void decide(payment, 'approve')}
                  onReject={payment.rejected ? undefined : () => void decide(payment, 'reject')}
                />
              )}
            </td>
          </tr>
        )}
      />
      <Pagination page={current} pageCount={pageCountOf(list.data?.count ?? 0, 10)} onPage={setPage} />
    </AdminScreen>
  )
}
