// Where a payment stands, for the screen that shows it (the donate page, the dashboard, the listing-fee page):
// kept in an atom, not in the screen, because a payment continues after a reload or a wallet round trip.
import { atom } from 'jotai'

export type PaymentKind = 'donation' | 'boost' | 'listing-fee'
export type PaymentStage = 'preparing' | 'signing' | 'sending' | 'confirming' | 'recording'

export interface PaymentStatus {
  kind: PaymentKind
  /** The emergency or campaign paid for. */
  target: string
  /** Progress to show while it runs; null once it ended. */
  busy: string | null
  /** The failure to show, if it failed. */
  error: string | null
  /** The server's answer once recorded (a boost's updated emergency). */
  result?: unknown
}

export const paymentStatusAtom = atom<PaymentStatus | null>(null)

const RECORDING: Record<PaymentKind, string> = {
  donation: 'Recording your donation…',
  boost: 'Recording your boost…',
  'listing-fee': 'Verifying the payment…',
}

export function stageText(kind: PaymentKind, stage: PaymentStage): string {
  if (stage === 'recording') return RECORDING[kind]
  return {
    preparing: 'Preparing the transaction…',
    signing: 'Confirm in your wallet…',
    sending: 'Sending the transaction…',
    confirming: 'Waiting for confirmation…',
  }[stage]
}
