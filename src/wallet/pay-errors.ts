// The spec's texts for failed payments (§8 Donation): what the node or the wallet said → what the user reads.
import { PaymentError } from '../state/wallet.atoms'

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : JSON.stringify(error)

/** A send (or simulation) failure: the node's message and logs, or the wallet's refusal. */
export function sendError(error: unknown, logs: string[] = []): PaymentError {
  const message = messageOf(error)
  const text = `${message}\n${logs.join('\n')}`
  if (/already been processed/i.test(text))
    return new PaymentError('send', 'This transaction was already submitted.')
  if (/no record of a prior credit|AccountNotFound/i.test(text))
    return new PaymentError('send', 'Your wallet has no SOL or has never received SOL before.')
  if (/insufficient/i.test(text)) return new PaymentError('send', 'You do not have enough SOL.')
  return new PaymentError('send', `Transaction failed to send: ${message}`)
}

/** A transaction that was sent but failed on-chain or did not confirm. */
export function confirmError(detail: unknown, purpose = 'donation'): PaymentError {
  const text = messageOf(detail)
  if (/insufficient/i.test(text))
    return new PaymentError('confirm', `You do not have enough SOL to complete this ${purpose}.`)
  return new PaymentError('confirm', `Transaction failed: ${text}`)
}
