// /investor/dashboard: wallet and e-mail, the KYC card and my investment interests (each chat's unread messages
// beside its link).
import { useAtomValue } from 'jotai'
import { Link } from 'react-router-dom'
import { buttonClass } from '../../../components/button'
import { ChatLink } from '../../../components/ChatLink'
import page from '../../../components/Page.module.css'
import ui from '../../../components/Ui.module.css'
import { NumCell, RowLink, SolCell, StatusCell } from '../../../components/Cells'
import { LoadedTable } from '../../../components/LoadedTable'
import { Pagination, pageCountOf } from '../../../components/Pagination'
import { SkeletonBlock } from '../../../components/Skeleton'
import { WalletAddress } from '../../../components/WalletAddress'
import { fetchMyKyc, listMyIntents, type KycMe } from '../../../lib/airdrops.api'
import { equityText, INTENT_STATUS } from '../../../lib/intent-status'
import { authApi } from '../../../state/api'
import { useCurrentUser } from '../../../state/use-current-user'
import { walletAtom } from '../../../state/auth.atoms'
import { useLoad, usePageSearch } from '../../../lib/use-load'
import { useFailureToast } from '../../../state/use-failure-toast'

export const INVESTOR_FAILED = 'Failed to load investor data'

const COLUMNS = [
  { label: 'Campaign' },
  { label: 'Amount', num: true },
  { label: 'Equity', num: true },
  { label: 'Status' },
  { label: 'Submitted' },
  { label: 'Chat' },
]

function KycCard({ kyc }: { kyc: KycMe }) {
  const label: Record<string, [string, string | undefined]> = {
    approved: ['Approved', ui.ok],
    pending: ['Under review', ui.warn],
    rejected: ['Rejected', ui.bad],
    not_submitted: ['Not submitted', ui.pill],
  }
  const [text, className] = label[kyc.status] ?? ['Unknown', ui.pill]
  return (
    <div className={ui.form}>
      <p>
        KYC status: <span className={className}>{text}</span>
      </p>
      {'rejection_reason' in kyc && kyc.status === 'rejected' && kyc.rejection_reason && (
        <p>
          <strong>Reason:</strong> {kyc.rejection_reason}
        </p>
      )}
      {(kyc.status === 'not_submitted' || kyc.status === 'rejected') && (
        <Link className={buttonClass('primary')} to="/investor/kyc">
          {kyc.status === 'rejected' ? 'Resubmit KYC' : 'Complete KYC'}
        </Link>
      )}
      {kyc.status === 'approved' && (
        <Link className={buttonClass('secondary')} to="/airdrops-list">
          Browse campaigns
        </Link>
      )}
    </div>
  )
}

export default function InvestorDashboardPage() {
  const user = useCurrentUser()
  const wallet = useAtomValue(walletAtom)
  const [current, setPage] = usePageSearch()
  const kyc = useLoad((signal) => fetchMyKyc(authApi, signal), 'kyc-me')
  const intents = useLoad((signal) => listMyIntents(authApi, current, signal), `intents-${current}`)
  useFailureToast(Boolean(kyc.error || intents.error), INVESTOR_FAILED)

  return (
    <main className={page.page}>
      <header className={ui.header}>
        <span className={page.eyebrow}>Investor</span>
        <h1>Investor dashboard</h1>
      </header>
      <div className={ui.cards}>
        <section className={page.card} aria-labelledby="account-heading">
          <h2 id="account-heading">Account</h2>
          <dl className={ui.form}>
            <div>
              <dt className={ui.muted}>Wallet</dt>
              <dd>{wallet ? <WalletAddress address={wallet} /> : '—'}</dd>
            </div>
            <div>
              <dt className={ui.muted}>E-mail</dt>
              <dd>{user ? user.email : <SkeletonBlock height={20} />}</dd>
            </div>
          </dl>
        </section>
        <section className={page.card} aria-labelledby="kyc-heading">
          <h2 id="kyc-heading">KYC</h2>
          {kyc.data ? (
            <KycCard kyc={kyc.data} />
          ) : kyc.error ? (
            <p className={ui.alert}>{INVESTOR_FAILED}</p>
          ) : (
            <SkeletonBlock height={80} />
          )}
        </section>
      </div>
      <section className={ui.section} aria-labelledby="intents-heading">
        <h2 id="intents-heading">My investment interests</h2>
        <LoadedTable
          list={intents}
          loading={{ count: 3, label: 'Loading your interests' }}
          failed={INVESTOR_FAILED}
          empty="No investment interests yet."
          columns={COLUMNS}
          row={(intent) => (
            <tr key={intent.id}>
              <RowLink to={`/airdrops/view/${intent.campaign}`}>{intent.campaign_name}</RowLink>
              <SolCell label="Amount" sol={intent.proposed_amount} />
              <NumCell label="Equity">{equityText(intent)}</NumCell>
              <StatusCell {...INTENT_STATUS[intent.status]} />
              <td data-label="Submitted">{new Date(intent.created_at).toLocaleDateString()}</td>
              <td data-label="Chat">
                {intent.status === 'merged' && intent.chat_session_id ? (
                  <ChatLink session={intent.chat_session_id} label="Open chat" />
                ) : (
                  <span className={ui.muted}>—</span>
                )}
              </td>
            </tr>
          )}
        />
        <Pagination
          page={current}
          pageCount={pageCountOf(intents.data?.count ?? 0, 8)}
          onPage={setPage}
          label="Interest pages"
        />
      </section>
    </main>
  )
}
