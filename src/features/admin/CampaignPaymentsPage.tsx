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
import { decidePayment, listCampaignPayments, type CampaignPayment } from '../../lib/airdrops.api'
import { authApi } from '../../state/api'
import { pushToastAtom } from '../../state/toast.atoms'
import { useSubmit } from '../../state/use-submit'
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
  // the row being decided; the failure says why in the server's words (e.g. the ledger still unreachable)
  const [deciding, setDeciding] = useState<number | null>(null)
  const { busy: sending, failure, submit } = useSubmit()
  const busy = sending ? deciding : null
  useFailureToast(list.error, 'Failed to load campaign payments')

  const decide = async (payment: CampaignPayment, decision: 'approve' | 'reject') => {
    setDeciding(payment.id)
    const outcome = await submit(() => decidePayment(authApi, payment.campaign, payment.id, decision), {
      failed: payment.unverified ? 'Failed to verify payment' : FAILED[decision],
    })
    if (!outcome?.ok) return
    toast({ kind: outcome.value.verified === false ? 'info' : 'success', text: outcome.value.message })
    list.reload()
  }

  return (
    <AdminScreen title="Campaign payments">
      {failure && (
        <p className={ui.alert} role="alert">
          {failure}
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
