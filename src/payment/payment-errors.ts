// The spec's texts for failed payments: what the node or the wallet said → what the user reads.
import { walletFailureOf } from '../state/wallet.atoms'

/** A failed payment step; `message` is the text to show. */
export class PaymentError extends Error {
  readonly stage: 'sign' | 'send' | 'confirm'
  constructor(stage: 'sign' | 'send' | 'confirm', message: string) {
    super(message)
    this.name = 'PaymentError'
    this.stage = stage
  }
}

export const USDC_TEXT = {
  noAccount: 'Your wallet has no USDC.',
  notEnough: 'You do not have enough USDC.',
} as const

export const BLOCKHASH_EXPIRED =
  'the approval came too late for the network. Nothing was paid; please try again.'

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : JSON.stringify(error)

/** A send (or simulation) failure: the node's message and logs. */
export function sendError(error: unknown, logs: string[] = []): PaymentError {
  if (error instanceof PaymentError) return error
  const message = messageOf(error)
  const text = `${message}\n${logs.join('\n')}`
  if (/already been processed/i.test(text))
    return new PaymentError('send', 'This transaction was already submitted.')
  if (/no record of a prior credit|AccountNotFound/i.test(text))
    return new PaymentError('send', 'Your wallet has no SOL or has never received SOL before.')
  // The Token program's words (a USDC transfer); the System program's are "insufficient lamports".
  if (/Error: insufficient funds/i.test(text)) return new PaymentError('send', USDC_TEXT.notEnough)
  if (/insufficient/i.test(text)) return new PaymentError('send', 'You do not have enough SOL.')
  // The wallet's approval came back after the transaction's blockhash expired (about a minute): it can never land.
  if (/blockhash not found/i.test(text))
    return new PaymentError('send', `Transaction failed to send: ${BLOCKHASH_EXPIRED}`)
  return new PaymentError('send', `Transaction failed to send: ${message}`)
}

/** A transaction that was sent but failed on-chain or did not confirm. */
export function confirmError(detail: unknown, purpose = 'donation'): PaymentError {
  const text = messageOf(detail)
  if (/insufficient/i.test(text))
    return new PaymentError('confirm', `You do not have enough SOL to complete this ${purpose}.`)
  return new PaymentError('confirm', `Transaction failed: ${text}`)
}

/**
 * The wallet did not sign: its own text when it has one the user can act on ('Phantom not connected.', an
 * answer that failed verification), else the purpose's signing text ('Donation message signing failed').
 */
export function signingError(error: unknown, signingFailed: string): Error {
  const failure = walletFailureOf(error)
  if (failure && failure.failure !== 'rejected' && failure.failure !== 'failed') return failure
  return new PaymentError('sign', signingFailed)
}
