// Accepting an on-chain payment: verify it on the chain (no database work), then record it and credit what it
// paid for in one database transaction, once per signature.
import type { Config } from '../../config'
import type { Chain } from '../../connect-chain'
import type { Db } from '../../db/client'
import type { Clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { verifyPayment, type VerifyOptions } from '../../chain/verify-payment'
import {
  type ExpectedTransfer,
  paidBy,
  type ParsedTx,
  VERIFY_FAILURE_TEXT,
  type VerifyFailure,
} from '../../../api-contract/check-payment'
import type { RpcClient } from '../../chain/rpc-client'
import { findPaymentByTxHash, insertPaymentIfNew } from './payments.repository'
import type { NewPayment, PaymentKind, PaymentRow } from './payments.table'

export const ALREADY_PROCESSED = 'already been processed'

/** The payment recorded with this signature, if any. */
export const findPaymentBySignature = (db: Db, txHash: string) => findPaymentByTxHash(db, txHash)

const NO_RECIPIENT = ''

/** The signature was already recorded (for this or anything else); `existing` is that payment. */
export class PaymentAlreadyProcessedError extends AppError {
  constructor(readonly existing: PaymentRow | undefined) {
    super('payment_already_processed', ALREADY_PROCESSED, 422)
  }
}

/** The chain does not prove the claim: 422 with the spec's text, and the failure's code as the answer's `reason`. */
export class PaymentNotVerifiedError extends AppError {
  constructor(readonly reason: VerifyFailure) {
    super('payment_not_verified', VERIFY_FAILURE_TEXT[reason], 422)
  }
}

/** Runs inside the payment's database transaction; throw to roll the payment back. */
export type Credit = (tx: Db, payment: PaymentRow) => Promise<void>

/**
 * What other modules do in the transaction of every verified payment, whatever it paid for: the airdrops module
 * settles the listing-fee claims an admin approved unverified with the same signature (the verified payment wins).
 * server/app.ts wires it, so that this module imports none of the modules it serves.
 */
export type OnPaymentRecorded = Credit

/**
 * Inserts the payment (UNIQUE tx_hash, ON CONFLICT DO NOTHING) and, only when this call inserted it, runs
 * `credit` in the same transaction. A signature seen before throws {@link PaymentAlreadyProcessedError} and
 * credits nothing; if `credit` throws, neither the payment nor the credit is kept.
 */
export async function recordPayment(db: Db, payment: NewPayment, credit: Credit): Promise<PaymentRow> {
  const row = await db.transaction(async (tx) => {
    const inserted = await insertPaymentIfNew(tx, payment)
    if (!inserted) return undefined
    await credit(tx, inserted)
    return inserted
  })
  if (!row) throw new PaymentAlreadyProcessedError(await findPaymentByTxHash(db, payment.txHash))
  return row
}

/**
 * Cheap early answer for a replay: a signature already recorded throws {@link PaymentAlreadyProcessedError} before
 * any RPC call is spent on it. The UNIQUE constraint still decides under concurrency (recordPayment).
 */
export async function refuseReplay(db: Db, txHash: string): Promise<void> {
  const seen = await findPaymentByTxHash(db, txHash)
  if (seen) throw new PaymentAlreadyProcessedError(seen)
}

/** What a service that is paid to the platform wallet needs (the boost, the listing fee). */
export interface PlatformPaymentDeps {
  config: Pick<Config, 'platformWallet' | 'cluster'>
  db: Db
  clock: Clock
  chain: Chain
  onPaymentRecorded: OnPaymentRecorded
}

export interface PaymentDeps {
  db: Db
  rpc: RpcClient
  /** Stored with each payment (local, devnet, mainnet-beta). */
  cluster: string
  /** Runs in the payment's transaction before `credit`. */
  onRecorded: OnPaymentRecorded
  verify?: VerifyOptions
}

export interface PaymentClaim {
  txHash: string
  /**
   * The caller already ran {@link refuseReplay} for this signature (beside its own reads, so that they are one wait
   * instead of several); otherwise acceptPayment runs it first.
   */
  replayRefused?: boolean
  kind: PaymentKind
  /** The signed-in user's wallet: the transaction's signer and the transfers' source. */
  payerWallet: string
  userId?: number | null
  reference?: string | null
  /** Where the main amount must go (campaign wallet from the database, or the platform wallet). */
  recipientWallet: string
  /**
   * When the recipient depends on when the transaction was confirmed (an emergency's wallet history): given the
   * block time and the wallets the payer paid, the wallet the main amount must have reached (undefined: none was
   * receiving then, so nothing can prove the payment). It is recorded as the payment's recipient.
   */
  recipientAt?: (confirmedAt: Date | null, paidTo: ReadonlySet<string>) => string | undefined
  /** base units of the payment's currency */
  lamports: bigint
  /** A tip to the platform wallet travelling in the same transaction, in the same currency. */
  tip?: { to: string; lamports: bigint }
  /** A USDC payment: the mint it must move (classic Token program). Absent: SOL. */
  token?: { currency: 'USDC'; mint: string }
  /**
   * Record what the payer really moved to the recipient and the tip's wallet instead of requiring `lamports` and
   * `tip` exactly (which are then what was asked, not what is recorded): see ExpectedPayment.asMoved.
   */
  asMoved?: boolean
}

/**
 * Verifies the claim on-chain and records it. Failures throw AppError 422 with the verifier's
 * reason ('not found on-chain', 'wrong amount' …) or 'already been processed', and write nothing; an unreachable
 * RPC throws LedgerUnavailable (503). At most two RPC calls, none inside the database transaction.
 */
export async function acceptPayment(
  deps: PaymentDeps,
  claim: PaymentClaim,
  credit: Credit,
): Promise<PaymentRow> {
  if (!claim.replayRefused) await refuseReplay(deps.db, claim.txHash)
  const legsTo = (recipient: string): ExpectedTransfer[] => [
    { to: recipient, lamports: claim.lamports },
    ...(claim.tip && (claim.tip.lamports > 0n || claim.asMoved) ? [claim.tip] : []),
  ]
  let recipient = claim.recipientWallet
  const transfersFor =
    claim.recipientAt &&
    ((tx: ParsedTx) => {
      const confirmedAt = typeof tx.blockTime === 'number' ? new Date(tx.blockTime * 1000) : null
      const found = claim.recipientAt!(confirmedAt, paidBy(tx, claim.payerWallet, claim.token))
      // No wallet was the recipient then: one leg to an address no transfer reaches, so 'wrong_recipient'.
      if (found === undefined) return [{ to: NO_RECIPIENT, lamports: claim.lamports }]
      recipient = found
      return legsTo(recipient)
    })
  // An unreachable ledger throws LedgerUnavailable (503 by the error handler); nothing is written then.
  const verified = await verifyPayment(
    deps.rpc,
    {
      signature: claim.txHash,
      payer: claim.payerWallet,
      transfers: legsTo(recipient),
      transfersFor,
      token: claim.token,
      asMoved: claim.asMoved,
    },
    deps.verify,
  )
  if (!verified.ok) throw new PaymentNotVerifiedError(verified.reason)
  const movedTo = (wallet: string) => verified.received.find((leg) => leg.to === wallet)?.lamports ?? 0n
  // A tip to the recipient itself is part of what the recipient received.
  const movedTip = () => (claim.tip && claim.tip.to !== recipient ? movedTo(claim.tip.to) : 0n)
  return recordPayment(
    deps.db,
    {
      txHash: claim.txHash,
      kind: claim.kind,
      payerWallet: claim.payerWallet,
      userId: claim.userId ?? null,
      reference: claim.reference ?? null,
      recipientWallet: recipient,
      currency: claim.token?.currency ?? 'SOL',
      lamports: claim.asMoved ? movedTo(recipient) : claim.lamports,
      tipLamports: claim.asMoved ? movedTip() : (claim.tip?.lamports ?? 0n),
      cluster: deps.cluster,
      slot: verified.slot,
      blockTime: verified.blockTime === null ? null : new Date(verified.blockTime * 1000),
    },
    async (tx, payment) => {
      await deps.onRecorded(tx, payment)
      await credit(tx, payment)
    },
  )
}

/**
 * A fee the signed-in user paid to the platform wallet (a boost, a listing fee), accepted like any payment:
 * `reference` is what it paid for (the emergency's or the campaign's id).
 */
export function acceptPlatformFee(
  { config, db, chain, onPaymentRecorded }: PlatformPaymentDeps,
  user: { id: number; walletAddress: string },
  fee: { txHash: string; kind: PaymentKind; reference: number; lamports: bigint },
  credit: Credit,
): Promise<PaymentRow> {
  return acceptPayment(
    { db, rpc: chain.rpc, cluster: config.cluster, onRecorded: onPaymentRecorded },
    {
      txHash: fee.txHash,
      kind: fee.kind,
      payerWallet: user.walletAddress,
      userId: user.id,
      reference: String(fee.reference),
      recipientWallet: config.platformWallet,
      lamports: fee.lamports,
    },
    credit,
  )
}
