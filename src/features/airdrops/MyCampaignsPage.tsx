// /airdrop/my (spec §2): my campaigns with status, goal, payment, chat buttons and actions.
import { useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { buttonClass } from '../../components/button'
import page from '../../components/Page.module.css'
import ui from '../../components/AirdropUi.module.css'
import { Pagination, pageCountOf } from '../../components/Pagination'
import { SkeletonList } from '../../components/Skeleton'
import { TxLink } from '../../components/TxLink'
import { listMyCampaigns, type MyCampaign } from '../../lib/airdrops.api'
import { solText } from '../../lib/sol'
import { pageParam, useAirdropLoad } from '../../lib/use-airdrop-load'
import { authApi } from '../../state/api'
import { pushToastAtom } from '../../state/toast.atoms'

export const MY_CAMPAIGNS_FAILED = 'Failed to load your campaigns'
const PAGE_SIZE = 8

function PaymentCell({ payment }: { payment: MyCampaign['payment'] }) {
  if (!payment) return <span className={ui.muted}>Not paid</span>
  const state = payment.confirmed ? ['Confirmed', ui.ok] : payment.rejected ? ['Rejected', ui.bad] : ['In review', ui.warn]
  return (
    <span style={{ display: 'grid', gap: 4 }}>
      <span className={state[1]}>{state[0]}</span>
      <TxLink signature={payment.tx_hash} />
    </span>
  )
}

function Actions({ campaign }: { campaign: MyCampaign }) {
  const awaiting = campaign.payment && !campaign.payment.confirmed && !campaign.payment.rejected
  if (campaign.is_listed) return <span className={ui.muted}>—</span>
  if (awaiting) return <span className={ui.muted}>Awaiting admin review</span>
  return (
    <Link className={buttonClass('primary')} to={`/airdrop/payment/${campaign.id}`}>
      Pay listing fee
    </Link>
  )
}

export default function MyCampaignsPage() {
  const toast = useSetAtom(pushToastAtom)
  const [search, setSearch] = useSearchParams()
  const current = pageParam(search)
  const list = useAirdropLoad((signal) => listMyCampaigns(authApi, current, signal), `my-${current}`)
  useEffect(() => {
    if (list.error) toast({ kind: 'error', text: MY_CAMPAIGNS_FAILED })
  }, [list.error, toast])

  return (
    <main className={page.page}>
      <header className={ui.header}>
        <span className={page.eyebrow}>Fundraise Airdrop</span>
        <h1>My campaigns</h1>
        <div className={ui.actions}>
          <Link className={buttonClass('primary')} to="/airdrop/start">
            New campaign
          </Link>
        </div>
      </header>
      {list.loading ? (
        <SkeletonList count={3} height={56} label="Loading your campaigns" />
      ) : list.error ? (
        <p className={ui.alert} role="alert">
          {MY_CAMPAIGNS_FAILED}
        </p>
      ) : !list.data || list.data.results.length === 0 ? (
        <p className={ui.empty}>You haven't created any campaigns yet.</p>
      ) : (
        <div className={ui.tableWrap}>
          <table className={`${ui.table} ${ui.stacked}`}>
            <caption className="visually-hidden">My campaigns</caption>
            <thead>
              <tr>
                <th scope="col">Project</th>
                <th scope="col">Status</th>
                <th scope="col" className={ui.num}>Goal</th>
                <th scope="col">Payment</th>
                <th scope="col">Chats</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.data.results.map((campaign) => {
                const chats = campaign.investment_intents.filter((i) => i.status === 'merged' && i.chat_session_id)
                return (
                  <tr key={campaign.id}>
                    <th scope="row">
                      <Link to={`/airdrops/view/${campaign.id}`}>{campaign.project_name}</Link>
                    </th>
                    <td data-label="Status">
                      {campaign.is_listed ? <span className={ui.ok}>Listed</span> : <span className={ui.warn}>Payment Pending</span>}
                    </td>
                    <td data-label="Goal" className={ui.num}>{solText(campaign.sol_goal)} SOL</td>
                    <td data-label="Payment">
                      <PaymentCell payment={campaign.payment} />
                    </td>
                    <td data-label="Chats">
                      {chats.length === 0 ? (
                        <span className={ui.muted}>None</span>
                      ) : (
                        <span className={ui.actions}>
                          {chats.map((intent, n) => (
                            <Link key={intent.id} className={buttonClass('secondary')} to={`/chat/${intent.chat_session_id}`}>
                              Chat {chats.length > 1 ? n + 1 : ''}
                            </Link>
                          ))}
                        </span>
                      )}
                    </td>
                    <td data-label="Actions">
                      <Actions campaign={campaign} />
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        page={current}
        pageCount={pageCountOf(list.data?.count ?? 0, PAGE_SIZE)}
        onPage={(next) => setSearch(next > 1 ? { page: String(next) } : {})}
        label="My campaign pages"
      />
    </main>
  )
}
