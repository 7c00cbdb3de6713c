// The three payments as pending flows: one
// pipeline (src/payment/pay.ts) → record with the API, exactly once → the spec's next screen and texts (a
// donation stays on its page, which shows the thank-you from the recorded result).
// No separate "authorization message" is signed first: the transaction signature already proves the donor, and
// every extra signature is a full app round trip on a phone (docs/decisions/007-phone-wallets.md).
import type { Emergency } from '../../api-contract/emergencies'
import { submitListingPayment } from '../lib/airdrops.api'
import { loadConfig } from '../lib/config.api'
import { donate } from '../lib/donations.api'
import { boostEmergency } from '../lib/emergencies.api'
import { formatAmount, type Currency } from '../lib/money'
import { parseSol } from '../lib/sol'
import type { FlowOutcome, RunContext, Runner } from '../flows/flow-runner'
import { api, authApi } from '../state/api'
import { outcomeOfAnswer, outcomeOfError, LISTING_TEXT } from './listing-outcome'
import { pay, type Transfer } from './pay'
import { paymentStatusAtom, stageText, type PaymentKind } from './payment-status'
import { recordOnce, RecordingDeferred } from './record-once'
import { pushToastAtom } from '../state/toast.atoms'

export const PAYMENT_TEXT = {
  donated: 'Thank you! Your donation is confirmed and recorded.',
  donationFailed: 'Donation failed.',
  donationSigning: 'Donation message signing failed',
  boosted: 'Emergency boosted successfully!',
  boostFailed: 'Boost failed.',
  paymentSigning: 'Payment message signing failed',
  noUsdc: 'USDC donations are not available right now.',
} as const

export interface DonationInput {
  emergency_id: number
  receiving_wallet: string
  /** what amount and tip are in; a flow stored before USDC existed has none, and is SOL */
  currency?: Currency
  /** base units of the currency (lamports, micro-USDC), decimal strings (the flow is stored as JSON) */
  amount: string
  tip: string
  comment: string | null
}

/** A recorded donation, for the donate page's thank-you (lamports as decimal strings). */
export interface DonationReceipt {
  currency: Currency
  /** in the currency's smallest units */
  amount: string
  tip: string
  tx_hash: string
}

export interface BoostInput {
  emergency_id: number
}

export interface ListingFeeInput {
  campaign_id: string
}

function reporter(context: RunContext<unknown>, kind: PaymentKind, target: string) {
  const set = (busy: string | null, error: string | null, result?: unknown) =>
    context.store.set(paymentStatusAtom, { kind, target, busy, error, result })
  return {
    stage: (stage: Parameters<typeof stageText>[1]) => set(stageText(kind, stage), null),
    failed: (text: string) => {
      set(null, text)
      context.store.set(pushToastAtom, { kind: 'error', text })
    },
    done: (result?: unknown) => set(null, null, result),
  }
}

/** Sent but not recorded (Lifeline or the network unreachable): the flow stays and is recorded next visit. */
function deferred(report: ReturnType<typeof reporter>, error: RecordingDeferred): FlowOutcome {
  report.failed(error.message)
  return { keep: true }
}

/** The donation and the tip, in the donation's currency: SOL transfers, or the USDC gift of the configured mint. */
async function donationTransfer(input: DonationInput, currency: Currency): Promise<Transfer> {
  const config = await loadConfig(api)
  const gift = { to: input.receiving_wallet, amount: BigInt(input.amount) }
  const tip = { to: config.platform_wallet, amount: BigInt(input.tip) }
  if (currency === 'SOL') return { currency, legs: [gift, tip] }
  if (!config.usdc_mint) throw new Error(PAYMENT_TEXT.noUsdc)
  return { currency, mint: config.usdc_mint, decimals: config.usdc_decimals, gift, tip }
}

export const runDonation: Runner<DonationInput> = async (context) => {
  const { emergency_id, comment, currency = 'SOL' } = context.flow.input
  const report = reporter(context, 'donation', String(emergency_id))
  const amount = BigInt(context.flow.input.amount)
  const tip = BigInt(context.flow.input.tip)
  try {
    const signature = await pay(context, {
      transfer: await donationTransfer(context.flow.input, currency),
      report: report.stage,
      signingFailed: PAYMENT_TEXT.donationSigning,
      purpose: 'donation',
    })
    report.stage('recording')
    await recordOnce(context, () =>
      donate(authApi, {
        emergency_id,
        currency,
        amount: formatAmount(currency, amount),
        tx_hash: signature,
        tip_amount: formatAmount(currency, tip),
        tip_included: tip > 0n,
        comment,
      }),
    )
    // The donor stays on the donate page, which thanks them (no toast over it): issue 29.
    report.done({
      currency,
      amount: amount.toString(),
      tip: tip.toString(),
      tx_hash: signature,
    } satisfies DonationReceipt)
    return {}
  } catch (error) {
    if (error instanceof RecordingDeferred) return deferred(report, error)
    console.warn('donation failed', error)
    report.failed((error instanceof Error && error.message) || PAYMENT_TEXT.donationFailed)
  }
}

/** Pays a platform fee of the config (boost, listing) to the platform wallet; resolves with the signature. */
async function payPlatformFee(
  context: RunContext<unknown>,
  report: ReturnType<typeof reporter>,
  fee: 'boost_fee' | 'listing_fee',
  unknownFee: string,
  purpose: string,
): Promise<string> {
  const config = await loadConfig(api)
  const lamports = parseSol(config[fee])
  if (!lamports) throw new Error(unknownFee)
  return pay(context, {
    transfer: { currency: 'SOL', legs: [{ to: config.platform_wallet, amount: lamports }] },
    report: report.stage,
    signingFailed: PAYMENT_TEXT.paymentSigning,
    purpose,
  })
}

const BOOST_NEXT: FlowOutcome = { to: '/dashboard', replace: true }

export const runBoost: Runner<BoostInput> = async (context) => {
  const { emergency_id } = context.flow.input
  const report = reporter(context, 'boost', String(emergency_id))
  try {
    const signature = await payPlatformFee(context, report, 'boost_fee', PAYMENT_TEXT.boostFailed, 'boost')
    report.stage('recording')
    const answer = await recordOnce(context, () => boostEmergency(authApi, emergency_id, signature))
    report.done(answer?.emergency satisfies Emergency | undefined)
    context.store.set(pushToastAtom, { kind: 'success', text: PAYMENT_TEXT.boosted })
  } catch (error) {
    if (error instanceof RecordingDeferred) return deferred(report, error)
    console.warn('boost failed', error)
    context.store.set(pushToastAtom, { kind: 'error', text: PAYMENT_TEXT.boostFailed })
    const text = error instanceof Error ? error.message : ''
    if (text && text !== PAYMENT_TEXT.boostFailed) report.failed(text)
    else report.done()
  }
  // Boosted or not, the owner goes on to the dashboard, also when the boost came back
  // from a wallet app to /create.
  return BOOST_NEXT
}

/** A listing fee this flow had already submitted before the page went away. */
const RECORDED_EARLIER = { kind: 'success', text: LISTING_TEXT.alreadyVerified, to: '/airdrop/my' } as const

export const runListingFee: Runner<ListingFeeInput> = async (context) => {
  const { campaign_id } = context.flow.input
  const report = reporter(context, 'listing-fee', campaign_id)
  const show = (outcome: ReturnType<typeof outcomeOfAnswer>): FlowOutcome => {
    if (outcome.kind === 'error' && !outcome.to) report.failed(outcome.text)
    else {
      report.done()
      context.store.set(pushToastAtom, { kind: outcome.kind, text: outcome.text })
    }
    return outcome.to ? { to: outcome.to } : {}
  }
  try {
    const signature = await payPlatformFee(context, report, 'listing_fee', LISTING_TEXT.unknown, 'payment')
    report.stage('recording')
    const answer = await recordOnce(context, () => submitListingPayment(authApi, campaign_id, signature))
    return show(answer ? outcomeOfAnswer(answer.message) : RECORDED_EARLIER)
  } catch (error) {
    if (error instanceof RecordingDeferred) return deferred(report, error)
    console.warn('listing payment failed', error)
    return show(outcomeOfError(error))
  }
}
