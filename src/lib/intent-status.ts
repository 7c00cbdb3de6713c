// How an investment intent reads in a table, the same for its investor and for the admin: the status word (and
// whether it is good news, waiting or refused) and the equity asked.
import type { InvestmentIntent } from './airdrops.api'

export const INTENT_STATUS = {
  pending: { text: 'Pending', tone: 'warn' },
  approved: { text: 'Approved', tone: 'ok' },
  rejected: { text: 'Rejected', tone: 'bad' },
  // An approved intent whose chat the admin opened.
  merged: { text: 'Chat Opened', tone: 'info' },
} as const satisfies Record<InvestmentIntent['status'], { text: string; tone: string }>

export const equityText = (intent: InvestmentIntent) =>
  intent.equity_percentage ? `${intent.equity_percentage}%` : '—'
