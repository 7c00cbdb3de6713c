// The pure half of payment verification: given a transaction as the RPC returned it (jsonParsed), does it prove
// the payment? SOL by System transfers and balances; a token (USDC) by token transfers and token balances
// (token-transfers.ts). No I/O here, so it is cheap to test and to measure.
import type { PaymentFailure } from './errors'
import { paidInAnotherToken, type TokenBalance, tokenBalanceChange, tokenTransfers } from './token-transfers'

/** Why a transaction does not prove the payment (a code: see VERIFY_FAILURE_TEXT for what the API says). */
export type VerifyFailure = PaymentFailure

/** The API's text for each failure (the spec's words). */
export const VERIFY_FAILURE_TEXT: Record<VerifyFailure, string> = {
  not_found_on_chain: 'not found on-chain',
  transaction_failed: 'transaction failed',
  wrong_recipient: 'wrong recipient',
  wrong_amount: 'wrong amount',
  not_signed_by_payer: 'not signed by your wallet',
  sent_from_recipient: 'sent from the receiving wallet',
  wrong_mint: 'wrong mint',
}

export interface ExpectedTransfer {
  to: string
  /** base units of the payment's asset: lamports, or the token's (micro-USDC) */
  lamports: bigint
}

export interface ExpectedPayment {
  signature: string
  /** The wallet that must have signed and paid (the signed-in user's). */
  payer: string
  /** Each leg (donation, tip …); legs to one address are summed. Position in the transaction does not matter. */
  transfers: ExpectedTransfer[]
  /**
   * When given, the legs depend on the fetched transaction and replace `transfers` (e.g. the wallet an emergency
   * had when the transaction was confirmed: server/modules/emergencies/wallet-history.ts).
   */
  transfersFor?: (tx: ParsedTx) => ExpectedTransfer[]
  /**
   * A token payment: each leg is that mint's base units (classic Token program only) reaching token accounts the
   * leg's wallet owns, moved by the payer from its own accounts. Absent: SOL.
   */
  token?: { mint: string }
  /**
   * Credit each leg what the payer really moved there instead of checking it against the leg's lamports (a donation
   * recovered by its signature, an Action whose wallet changed the amount or dropped the tip): the first leg is the
   * payment and must have received something ('wrong recipient' otherwise), the others may be nothing.
   */
  asMoved?: boolean
}

export interface VerifiedPayment {
  ok: true
  signature: string
  slot: number
  blockTime: number | null
  fee: bigint
  /** Lamports credited to each expected recipient: what the payer moved there, proven by its net balance change. */
  received: ExpectedTransfer[]
}

export type VerifyResult = VerifiedPayment | { ok: false; reason: VerifyFailure }

/** The parts of a jsonParsed getTransaction result this check reads. */
export interface ParsedTx {
  slot: number
  blockTime?: number | null
  meta: {
    err: unknown
    fee: number
    /** Lamports of each account (accountKeys order) before and after the transaction. */
    preBalances?: number[]
    postBalances?: number[]
    innerInstructions?: { instructions: ParsedIx[] }[] | null
    preTokenBalances?: TokenBalance[] | null
    postTokenBalances?: TokenBalance[] | null
  } | null
  transaction: {
    message: {
      accountKeys: { pubkey: string; signer: boolean }[]
      instructions: ParsedIx[]
    }
  }
}

export type ParsedIx = { program?: string; programId?: string; parsed?: unknown }

/** Value moved between two wallets (for a token: between accounts those wallets own). */
export interface Transfer {
  source: string
  destination: string
  lamports: bigint
  /** who signed off a token transfer: the source's owner for the owner's own spend */
  authority?: string
}

const fail = (reason: VerifyFailure): VerifyResult => ({ ok: false, reason })

// A JSON number above 2^53 has lost digits; such an amount cannot be proven exactly, so it proves nothing.
const exactLamports = (value: unknown): bigint | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : undefined

function systemTransfer(ix: ParsedIx): Transfer | undefined {
  if (ix.program !== 'system' || typeof ix.parsed !== 'object' || ix.parsed === null) return undefined
  const p = ix.parsed as {
    type?: unknown
    info?: { source?: unknown; destination?: unknown; lamports?: unknown }
  }
  if (p.type !== 'transfer' || !p.info) return undefined
  const { source, destination } = p.info
  const lamports = exactLamports(p.info.lamports)
  if (typeof source !== 'string' || typeof destination !== 'string' || lamports === undefined)
    return undefined
  return { source, destination, lamports }
}

/** Every System transfer in the transaction, top-level and inner (CPI) alike. */
export function systemTransfers(tx: ParsedTx): Transfer[] {
  const all = [
    ...tx.transaction.message.instructions,
    ...(tx.meta?.innerInstructions ?? []).flatMap((g) => g.instructions),
  ]
  return all.map(systemTransfer).filter((t): t is Transfer => t !== undefined)
}

/** How much the account's balance grew in the transaction (negative when it shrank); undefined when unproven. */
export function netBalanceChange(tx: ParsedTx, account: string): bigint | undefined {
  const i = tx.transaction.message.accountKeys.findIndex((k) => k.pubkey === account)
  const pre = exactLamports(tx.meta?.preBalances?.[i])
  const post = exactLamports(tx.meta?.postBalances?.[i])
  return i < 0 || pre === undefined || post === undefined ? undefined : post - pre
}

function sumByRecipient(legs: ExpectedTransfer[], keepEmpty = false): Map<string, bigint> {
  const want = new Map<string, bigint>()
  for (const leg of legs)
    if (leg.lamports > 0n || keepEmpty) want.set(leg.to, (want.get(leg.to) ?? 0n) + leg.lamports)
  return want
}

const min = (a: bigint, b: bigint) => (a < b ? a : b)
const max = (a: bigint, b: bigint) => (a > b ? a : b)

/** The payment's asset as this transaction shows it: SOL, or the expected token. */
function assetOf(tx: ParsedTx, token: ExpectedPayment['token']) {
  if (!token) return { transfers: systemTransfers(tx), net: (wallet: string) => netBalanceChange(tx, wallet) }
  return {
    transfers: tokenTransfers(tx, token.mint),
    net: (wallet: string) => tokenBalanceChange(tx, wallet, token.mint),
  }
}

/**
 * Checks a fetched transaction against the payment the client claims: it succeeded, the payer
 * signed it, and each recipient is credited exactly the expected amount. A recipient is credited what the
 * payer's transfers moved to it, but never more than its own net balance change (for a token, read from the
 * transaction's pre and post token balances): value that came back out in the same transaction did not really
 * move. A token transfer counts only as the payer's own spend (the payer owns the source account and signed it as
 * owner, not as a delegate), of the expected mint under the classic Token program; the payer's transfer of another
 * token to a recipient is 'wrong mint'. A recipient that signed the transaction, or that is the source of any
 * transfer, is refused outright (a self-donation, or a round trip donor→R→donor).
 * @see https://github.com/anza-xyz/solana-pay/blob/master/core/src/validateTransfer.ts (what it does not check)
 */
export function checkPayment(tx: ParsedTx | null, expected: ExpectedPayment): VerifyResult {
  if (!tx || !tx.meta) return fail('not_found_on_chain')
  if (tx.meta.err !== null && tx.meta.err !== undefined) return fail('transaction_failed')
  const keys = tx.transaction.message.accountKeys
  if (!keys.some((k) => k.signer && k.pubkey === expected.payer)) return fail('not_signed_by_payer')

  const want = sumByRecipient(expected.transfersFor?.(tx) ?? expected.transfers, expected.asMoved)
  if (keys.some((k) => k.signer && want.has(k.pubkey))) return fail('sent_from_recipient')
  const asset = assetOf(tx, expected.token)
  const moved = new Map<string, bigint>()
  let paidByOthers = false
  for (const t of asset.transfers) {
    if (want.has(t.source)) return fail('sent_from_recipient')
    if (!want.has(t.destination)) continue
    const ownSpend = t.source === expected.payer && (t.authority ?? t.source) === expected.payer
    if (ownSpend) moved.set(t.destination, (moved.get(t.destination) ?? 0n) + t.lamports)
    else paidByOthers = true
  }
  // Nothing from the payer reached any expected wallet: the money went elsewhere, in another token, or came from
  // someone else.
  if (moved.size === 0) {
    if (expected.token && paidInAnotherToken(tx, expected.payer, new Set(want.keys()), expected.token.mint))
      return fail('wrong_mint')
    return fail(paidByOthers ? 'not_signed_by_payer' : 'wrong_recipient')
  }

  const received: ExpectedTransfer[] = []
  for (const [to, lamports] of want) {
    const net = asset.net(to) ?? 0n
    const credited = max(0n, min(moved.get(to) ?? 0n, net))
    if (!expected.asMoved && credited !== lamports) return fail('wrong_amount')
    received.push({ to, lamports: credited })
  }
  if (expected.asMoved && !(received[0]!.lamports > 0n)) return fail('wrong_recipient')

  return {
    ok: true,
    signature: expected.signature,
    slot: tx.slot,
    blockTime: tx.blockTime ?? null,
    fee: BigInt(tx.meta.fee),
    received,
  }
}

/** The wallets the payer's transfers (System, or of the token) reached in the transaction. */
export function paidBy(tx: ParsedTx, payer: string, token?: ExpectedPayment['token']): Set<string> {
  return new Set(
    assetOf(tx, token)
      .transfers.filter((t) => t.source === payer)
      .map((t) => t.destination),
  )
}
