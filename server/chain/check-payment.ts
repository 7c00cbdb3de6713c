// The pure half of payment verification: given a transaction as the RPC returned it (jsonParsed), does it prove
// the payment? No I/O here, so it is cheap to test and to measure.

export type VerifyFailure =
  | 'not found on-chain'
  | 'transaction failed'
  | 'wrong recipient'
  | 'wrong amount'
  | 'not signed by your wallet'

export interface ExpectedTransfer {
  to: string
  lamports: bigint
}

export interface ExpectedPayment {
  signature: string
  /** The wallet that must have signed and paid (the signed-in user's). */
  payer: string
  /** Each leg (donation, tip …); legs to one address are summed. Position in the transaction does not matter. */
  transfers: ExpectedTransfer[]
}

export interface VerifiedPayment {
  ok: true
  signature: string
  slot: number
  blockTime: number | null
  fee: bigint
  /** Lamports the payer moved to each expected recipient. */
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
    innerInstructions?: { instructions: ParsedIx[] }[] | null
  } | null
  transaction: {
    message: {
      accountKeys: { pubkey: string; signer: boolean }[]
      instructions: ParsedIx[]
    }
  }
}

type ParsedIx = { program?: string; parsed?: unknown }

interface Transfer {
  source: string
  destination: string
  lamports: bigint
}

const fail = (reason: VerifyFailure): VerifyResult => ({ ok: false, reason })

function systemTransfer(ix: ParsedIx): Transfer | undefined {
  if (ix.program !== 'system' || typeof ix.parsed !== 'object' || ix.parsed === null) return undefined
  const p = ix.parsed as {
    type?: unknown
    info?: { source?: unknown; destination?: unknown; lamports?: unknown }
  }
  if (p.type !== 'transfer' || !p.info) return undefined
  const { source, destination, lamports } = p.info
  if (typeof source !== 'string' || typeof destination !== 'string') return undefined
  // A JSON number above 2^53 has lost digits; such an amount cannot be proven exactly, so it proves nothing.
  if (typeof lamports !== 'number' || !Number.isSafeInteger(lamports) || lamports < 0) return undefined
  return { source, destination, lamports: BigInt(lamports) }
}

/** Every System transfer in the transaction, top-level and inner (CPI) alike. */
export function systemTransfers(tx: ParsedTx): Transfer[] {
  const all = [
    ...tx.transaction.message.instructions,
    ...(tx.meta?.innerInstructions ?? []).flatMap((g) => g.instructions),
  ]
  return all.map(systemTransfer).filter((t): t is Transfer => t !== undefined)
}

function sumByRecipient(legs: ExpectedTransfer[]): Map<string, bigint> {
  const want = new Map<string, bigint>()
  for (const leg of legs) if (leg.lamports > 0n) want.set(leg.to, (want.get(leg.to) ?? 0n) + leg.lamports)
  return want
}

/**
 * Checks a fetched transaction against the payment the client claims (DESIGN §4): it succeeded, the payer
 * signed it, and the payer's System transfers to each recipient add up to exactly the expected lamports.
 * @see https://github.com/anza-xyz/solana-pay/blob/master/core/src/validateTransfer.ts (what it does not check)
 */
export function checkPayment(tx: ParsedTx | null, expected: ExpectedPayment): VerifyResult {
  if (!tx || !tx.meta) return fail('not found on-chain')
  if (tx.meta.err !== null && tx.meta.err !== undefined) return fail('transaction failed')
  const signed = tx.transaction.message.accountKeys.some((k) => k.signer && k.pubkey === expected.payer)
  if (!signed) return fail('not signed by your wallet')

  const want = sumByRecipient(expected.transfers)
  const got = new Map<string, bigint>()
  let paidByOthers = false
  for (const t of systemTransfers(tx)) {
    if (!want.has(t.destination)) continue
    if (t.source === expected.payer) got.set(t.destination, (got.get(t.destination) ?? 0n) + t.lamports)
    else paidByOthers = true
  }
  // Nothing from the payer reached any expected wallet: the money went elsewhere, or came from someone else.
  if (got.size === 0) return fail(paidByOthers ? 'not signed by your wallet' : 'wrong recipient')
  for (const [to, lamports] of want) if (got.get(to) !== lamports) return fail('wrong amount')

  return {
    ok: true,
    signature: expected.signature,
    slot: tx.slot,
    blockTime: tx.blockTime ?? null,
    fee: BigInt(tx.meta.fee),
    received: [...got].map(([to, lamports]) => ({ to, lamports })),
  }
}
