// Recording a donation: the chain must prove it (acceptPayment), then one database transaction
// inserts the payment, the donation, the emergency's new totals and any badges, or nothing at all.
import type { DonateRequest } from '../../../api-contract/donations'
import type { Config } from '../../config'
import type { Chain } from '../../connect-chain'
import type { Db } from '../../db/client'
import { AppError, badRequest, notFound } from '../../lib/errors'
import { lastPublicWrite } from '../../lib/read-cache-writes'
import { formatAmount, parseAmount } from '../../lib/money'
import type { Currency } from '../../../api-contract/common'
import { LedgerUnavailable } from '../../chain/rpc-client'
import type { AuthUser } from '../../plugins/auth'
import { awardForDonation, awardForGoalReached } from '../badges/badges.service'
import { EMERGENCY_NOT_FOUND, findDonatableEmergency } from '../emergencies/emergencies.service'
import { walletAt, walletHistory, type WalletPeriod } from '../emergencies/wallet-history'
import {
  acceptPayment,
  type OnPaymentRecorded,
  PaymentNotVerifiedError,
  refuseReplay,
} from '../payments/payments.service'
import { queueDonationNotice, queueGoalNotice } from '../push/push.service'
import type { PaymentRow } from '../payments/payments.table'
import { adoptDonations, type DonationWithTitle, insertDonationCrediting } from './donations.repository'

/** 0.001 SOL: below this a first transfer to an empty wallet fails rent: the account would stay below the rent-exempt minimum. */
export const MIN_DONATION = 1_000_000n
/** 0.01 USDC (a cent): a token account has no rent to meet; the least a donation in USDC means. */
export const MIN_USDC_DONATION = 10_000n
/** The least a donation in `currency` may be, in its base units. */
export const minimumDonation = (currency: Currency): bigint =>
  currency === 'USDC' ? MIN_USDC_DONATION : MIN_DONATION
const belowMinimum = (currency: Currency) =>
  `The minimum donation is ${formatAmount(currency, minimumDonation(currency))} ${currency}.`

export interface DonationsDeps {
  config: Pick<Config, 'platformWallet' | 'cluster'>
  db: Db
  chain: Chain
  onPaymentRecorded: OnPaymentRecorded
}

export interface Claim {
  currency: Currency
  amount: bigint
  tip: bigint
  comment: string | null
}

const isBlank = (value: unknown) => value === undefined || value === null || value === ''

/** The request's amounts as base units of its currency, with the spec's texts for what is missing. */
export function donationClaim(body: DonateRequest): Claim {
  const currency = body.currency ?? 'SOL'
  if (isBlank(body.amount)) throw badRequest('invalid_amount', 'Please enter donation amount.')
  const amount = parseAmount(currency, body.amount!, 'amount')
  if (amount < minimumDonation(currency)) throw badRequest('invalid_amount', belowMinimum(currency))
  const tip = isBlank(body.tip_amount) ? 0n : parseAmount(currency, body.tip_amount!, 'tip_amount')
  if (body.tip_included === false && tip > 0n)
    throw badRequest('invalid_amount', 'tip_amount must be 0 when tip_included is false.')
  const comment = body.comment?.trim() || null
  return { currency, amount, tip, comment }
}

/** A donation the chain must prove, from the PWA's claim or from the reference watcher. */
export interface DonationToRecord {
  txHash: string
  emergency: { id: number; title: string }
  /**
   * The wallet the donor was shown (from the database). The one the donation must have paid, and is recorded with,
   * is the wallet the emergency had when the transaction was confirmed (its wallet history).
   */
  recipientWallet: string
  /** The signer the transfers must come from. */
  payerWallet: string
  /** The registered donor, or null for a wallet that is not a user (a public donation without a user). */
  donorId: number | null
  /** what amount and tip are in (base units of it) */
  currency: Currency
  amount: bigint
  tip: bigint
  /**
   * Record what really reached the emergency and the platform (at least the minimum donation) rather than require
   * `amount` and `tip` exactly: a recovery by signature, an Action donation whose wallet changed the amount or
   * dropped the tip. `amount` and `tip` are then only what was asked.
   */
  asMoved?: boolean
  comment: string | null
  /** More work for the same database transaction (e.g. closing the Action reference it paid). */
  alsoInTransaction?: (tx: Db, payment: PaymentRow) => Promise<void>
}

/** The chain's USDC mint; a server without a ledger has none, and verifies nothing (503, as for SOL). */
function usdcMintOf(chain: Chain): string {
  if (!chain.usdcMint) throw new LedgerUnavailable('no ledger is configured')
  return chain.usdcMint
}

/**
 * Awaits reads started together (one wait instead of one per read) and throws the first failure in the order
 * given, not in the order they failed: the answer does not depend on which query came back first.
 */
async function readTogether<T extends readonly unknown[]>(reads: {
  [K in keyof T]: Promise<T[K]>
}): Promise<T> {
  const settled = await Promise.allSettled(reads)
  for (const read of settled) if (read.status === 'rejected') throw read.reason
  return settled.map((read) => (read as PromiseFulfilledResult<unknown>).value) as unknown as T
}

/**
 * Verifies the donation on-chain and records it through the one payments service: the payment,
 * the donation, the emergency's totals and the donor's badges in one database transaction, once per signature.
 * Throws the payments service's AppErrors (422 with the verifier's reason, 'already been processed'; 503).
 */
export async function recordDonation(
  deps: {
    db: Db
    chain: Chain
    cluster: string
    platformWallet: string
    onPaymentRecorded: OnPaymentRecorded
  },
  donation: DonationToRecord,
  /** the emergency's wallet history, when the caller read it (already beside {@link refuseReplay}) */
  read?: { wallets: WalletPeriod[] },
): Promise<DonationWithTitle> {
  const { db, chain } = deps
  const { emergency, donorId, currency } = donation
  const [wallets] = read
    ? [read.wallets]
    : await readTogether([walletHistory(db, emergency.id), refuseReplay(db, donation.txHash)])
  let recorded: DonationWithTitle | undefined
  await acceptPayment(
    { db, rpc: chain.rpc, cluster: deps.cluster, onRecorded: deps.onPaymentRecorded },
    {
      txHash: donation.txHash,
      replayRefused: true,
      kind: 'donation',
      payerWallet: donation.payerWallet,
      userId: donorId,
      reference: String(emergency.id),
      recipientWallet: donation.recipientWallet,
      recipientAt: (confirmedAt, paidTo) => walletAt(wallets, confirmedAt, paidTo),
      lamports: donation.amount,
      tip:
        donation.tip > 0n || donation.asMoved
          ? { to: deps.platformWallet, lamports: donation.tip }
          : undefined,
      token: currency === 'USDC' ? { currency, mint: usdcMintOf(chain) } : undefined,
      asMoved: donation.asMoved,
    },
    async (tx, payment) => {
      // What is recorded: the claim, or what moved (asMoved).
      const { lamports: amount, tipLamports: tip } = payment
      if (amount < minimumDonation(currency))
        throw new AppError('invalid_amount', belowMinimum(currency), 422)
      // Before the emergency's row is locked: it does not need the credit.
      await donation.alsoInTransaction?.(tx, payment)
      // From this statement on, the emergency's row stays locked until the commit (concurrent donations to it
      // wait): the read cache's look before the commit travels with it, not one round trip after, and so does the
      // owner's notice (the push outbox, sent later by the push worker).
      const [, { donation: row, totals, donorTotals }] = await Promise.all([
        queueDonationNotice(tx, emergency, {
          paymentId: payment.id,
          currency,
          amount,
          donorWallet: donation.payerWallet,
          comment: donation.comment,
        }),
        lastPublicWrite(tx, () =>
          insertDonationCrediting(tx, {
            paymentId: payment.id,
            txHash: payment.txHash,
            emergencyId: emergency.id,
            donorId,
            donorWallet: donation.payerWallet,
            currency,
            amount,
            tipAmount: tip,
            comment: donation.comment,
          }),
        ),
      ])
      if (!totals) throw notFound(EMERGENCY_NOT_FOUND)
      // A badge is inserted only the first time it is earned (a first donation): rarely a round trip more.
      if (donorId !== null && donorTotals)
        await awardForDonation(tx, donorId, donorTotals, payment.txHash, emergency.id)
      // The goal is in SOL: only a SOL donation can reach it.
      const before = totals.totalDonated - amount
      if (currency === 'SOL' && before < totals.solGoal && totals.totalDonated >= totals.solGoal)
        await Promise.all([
          awardForGoalReached(tx, totals.ownerId, payment.txHash, emergency.id),
          queueGoalNotice(tx, emergency, totals),
        ])
      recorded = { ...row, emergencyTitle: emergency.title }
    },
  )
  return recorded!
}

/**
 * A wallet that donated before registering (through an Action or a Solana Pay QR) becomes its donations' donor:
 * run inside the registration's transaction, so the new account's history shows them at once.
 */
export async function adoptWalletDonations(tx: Db, userId: number, walletAddress: string): Promise<void> {
  await adoptDonations(tx, userId, walletAddress)
}

/** The signed-in user's donation to the emergency, proven by the chain (the claim's amounts, or as moved). */
export async function recordSigned(
  { config, db, chain, onPaymentRecorded }: DonationsDeps,
  user: AuthUser,
  signed: { emergencyId: number; txHash: string },
  claim: Claim & { asMoved?: boolean },
): Promise<DonationWithTitle> {
  // Every read the recording needs before the chain is asked, together: a missing emergency answers 404 before
  // a replayed signature answers 422, as when they were asked one after the other.
  const [emergency, wallets] = await readTogether([
    findDonatableEmergency(db, signed.emergencyId),
    walletHistory(db, signed.emergencyId),
    refuseReplay(db, signed.txHash),
  ])
  try {
    return await recordDonation(
      { db, chain, cluster: config.cluster, platformWallet: config.platformWallet, onPaymentRecorded },
      {
        txHash: signed.txHash,
        emergency,
        // From the database, never from the request.
        recipientWallet: emergency.receivingWallet,
        payerWallet: user.walletAddress,
        donorId: user.id,
        ...claim,
      },
      { wallets },
    )
  } catch (error) {
    // A deleted emergency takes only donations confirmed while it existed; for any other it is gone.
    const noWalletThen = error instanceof PaymentNotVerifiedError && error.reason === 'wrong_recipient'
    if (emergency.deletedAt && noWalletThen) throw notFound(EMERGENCY_NOT_FOUND)
    throw error
  }
}

export function donationsService(deps: DonationsDeps) {
  return {
    donate(user: AuthUser, body: DonateRequest): Promise<DonationWithTitle> {
      return recordSigned(
        deps,
        user,
        { emergencyId: body.emergency_id, txHash: body.tx_hash },
        donationClaim(body),
      )
    },
  }
}
