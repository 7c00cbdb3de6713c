// One payment, whatever it pays for: build the transaction from /api/config/ and the recipient the API
// gave → the signed-in wallet signs it → we send it and wait for `confirmed`. Every step is a step of the pending
// flow, stored as it ends: after a reload (a wallet deep link) the same transaction is signed, the same signed
// bytes are sent, and nothing is built, signed or sent twice (docs/decisions/007-phone-wallets.md).
import { loadConfig } from '../lib/config.api'
import { ledgerRpc, RpcError, type LedgerRpc } from '../lib/ledger-rpc'
import { api } from '../state/api'
import { walletAtom } from '../state/auth.atoms'
import type { RunContext } from '../flows/flow-runner'
import { confirmError, sendError, signingError } from './payment-errors'
import type { PaymentStage } from './payment-status'
import { payerWallet, WALLET_TEXT } from './payer-wallet'
import type { Transfer } from './transfer-transaction'

export type { Transfer }

export interface PayOptions {
  /** what moves: SOL legs, or a USDC gift and its tip */
  transfer: Transfer
  report(stage: PaymentStage): void
  /** 'Donation message signing failed', 'Payment message signing failed'. */
  signingFailed: string
  /** Confirmation texts: '…to complete this donation.'. */
  purpose: string
}

interface Prepared {
  payer: string
  transaction: string
  lastValidBlockHeight: number
}

interface Signed {
  transaction: string
  signature: string
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export const EXPIRED_DETAIL = 'it expired before it was confirmed; nothing was paid'
const CONFIRM_POLL_MS = 400

/** Pays the transfer; resolves with the transaction's signature once confirmed. */
export async function pay(context: RunContext<unknown>, options: PayOptions): Promise<string> {
  const { store, step } = context
  const rpc = ledgerRpc((await loadConfig(api)).rpc_url)

  const prepared = await step<Prepared>('transaction', async () => {
    options.report('preparing')
    await payerWallet(store)
    const payer = store.get(walletAtom)
    if (!payer) throw new Error(WALLET_TEXT.notConnected)
    const { buildPayment } = await import('./transfer-transaction')
    const latest = await rpc.latestBlockhash().catch((error: unknown) => Promise.reject(sendError(error)))
    const built = await buildPayment(rpc, payer, options.transfer, latest.blockhash).catch((error: unknown) =>
      Promise.reject(sendError(error)),
    )
    const transaction = toBase64(built)
    // The node's verdict before the wallet is asked: an empty or short wallet fails here, not after a round trip.
    const simulated = await rpc
      .simulate(transaction)
      .catch((error: unknown) => Promise.reject(sendError(error)))
    if (simulated.err) throw sendError(JSON.stringify(simulated.err), simulated.logs ?? [])
    return { payer, transaction, lastValidBlockHeight: latest.lastValidBlockHeight }
  })

  const signed = await step<Signed>('signed', async () => {
    options.report('signing')
    const bridge = await payerWallet(store)
    let bytes: Uint8Array
    try {
      bytes = await bridge.signTransaction(fromBase64(prepared.transaction))
    } catch (error) {
      throw signingError(error, options.signingFailed)
    }
    const { checkSigned } = await import('./transfer-transaction')
    return { transaction: toBase64(bytes), signature: checkSigned(bytes, prepared.payer, options.transfer) }
  })

  await step('sent', async () => {
    options.report('sending')
    await send(rpc, signed)
    return true
  })
  options.report('confirming')
  await step('confirmed', () =>
    confirm(rpc, signed.signature, prepared.lastValidBlockHeight, options.purpose),
  )
  return signed.signature
}

/** Sending the same signed bytes again is harmless: the network knows them by their signature. */
async function send(rpc: LedgerRpc, signed: Signed): Promise<void> {
  try {
    await rpc.send(signed.transaction)
  } catch (error) {
    const logs = error instanceof RpcError ? error.logs : []
    if (/already been processed/i.test(`${String(error)} ${logs.join(' ')}`)) return
    const landed = await rpc.status(signed.signature).catch(() => null)
    if (landed) return
    throw sendError(error, logs)
  }
}

/** Waits for `confirmed`, or for the blockhash to expire with the transaction nowhere (then it never lands). */
async function confirm(rpc: LedgerRpc, signature: string, lastValidBlockHeight: number, purpose: string) {
  for (;;) {
    const status = await rpc.status(signature)
    if (status?.err) throw confirmError(JSON.stringify(status.err), purpose)
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return true
    if (!status && (await rpc.blockHeight()) > lastValidBlockHeight) {
      if (!(await rpc.status(signature))) throw confirmError(EXPIRED_DETAIL, purpose)
    }
    await sleep(CONFIRM_POLL_MS)
  }
}
