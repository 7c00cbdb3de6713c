// /airdrop/my: my campaigns with status, goal, payment, chat buttons (each with its unread messages) and actions.
import { Link } from 'react-router-dom'
import { buttonClass } from '../../components/button'
import { ChatLink } from '../../components/ChatLink'
import page from '../../components/Page.module.css'
import ui from '../../components/Ui.module.css'
import { RowLink, SolCell, StatusCell } from '../../components/Cells'
import { LoadedTable } from '../../components/LoadedTable'
import { Pagination, pageCountOf } from '../../components/Pagination'
import { TxLink } from '../../components/TxLink'
import { listMyCampaigns, type MyCampaign } from '../../lib/airdrops.api'
import { authApi } from '../../state/api'
import { useLoad, usePageSearch } from '../../lib/use-load'
import { useFailureToast } from '../../state/use-failure-toast'

export const MY_CAMPAIGNS_FAILED = 'Failed to load your campaigns'
const PAGE_SIZE = 8

function PaymentCell({ payment }: { payment: MyCampaign['payment'] }) {
  if (!payment) return <span className={ui.muted}>Not paid</span>
  const state = payment.confirmed
    ? ['Confirmed', ui.ok]
    : payment.rejected
      ? ['Rejected', ui.bad]
      : ['In review', ui.warn]
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

const COLUMNS = [
  { label: 'Project' },
  { label: 'Status' },
  { label: 'Goal', num: true },
  { label: 'Payment' },
  { label: 'Chats' },
  { label: 'Actions' },
]

const LISTED = { text: 'Listed', tone: 'ok' } as const
const PAYMENT_PENDING = { text: 'Payment Pending', tone: 'warn' } as const

function CampaignRow({ campaign }: { campaign: MyCampaign }) {
  const chats = campaign.investment_intents.flatMap((i) =>
    i.status === 'merged' && i.chat_session_id ? [{ id: i.id, session: i.chat_session_id }] : [],
  )
  return (
    <tr>
      <RowLink to={`/airdrops/view/${campaign.id}`}>{campaign.project_name}</RowLink>
      <StatusCell {...(campaign.is_listed ? LISTED : PAYMENT_PENDING)} />
      <SolCell label="Goal" sol={campaign.sol_goal} />
      <td data-label="Payment">
        <PaymentCell payment={campaign.payment} />
      </td>
      <td data-label="Chats">
        {chats.length === 0 ? (
          <span className={ui.muted}>None</span>
        ) : (
          <span className={ui.actions}>
            {chats.map((chat, n) => (
              <ChatLink
                key={chat.id}
                session={chat.session}
                label={chats.length > 1 ? `Chat ${n + 1}` : 'Chat'}
              />
            ))}
          </span>
        )}
      </td>
      <td data-label="Actions">
        <Actions campaign={campaign} />
      </td>
    </tr>
  )
}

export default function MyCampaignsPage() {
  const [current, setPage] = usePageSearch()
  const list = useLoad((signal) => listMyCampaigns(authApi, current, signal), `my-${current}`)
  useFailureToast(list.error, MY_CAMPAIGNS_FAILED)

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
      <LoadedTable
        list={list}
        loading={{ count: 3, label: 'Loading your campaigns' }}
        failed={MY_CAMPAIGNS_FAILED}
        empty="You haven't created any campaigns yet."
        caption="My campaigns"
        columns={COLUMNS}
        row={(campaign) => <CampaignRow key={campaign.id} campaign={campaign} />}
      />
      <Pagination
        page={current}
        pageCount={pageCountOf(list.data?.count ?? 0, PAGE_SIZE)}
        onPage={setPage}
        label="My campaign pages"
      />
    </main>
  )
}
