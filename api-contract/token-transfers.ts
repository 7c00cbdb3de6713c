// What a jsonParsed transaction proves about a token payment: who moved which token to whom, and how each wallet's
// token balance changed. Owners and mints come from the transaction's own pre/post token balances (a node's record of
// each token account before and after), never from an instruction's claims. Pure, like check-payment.ts.
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from './token-addresses'
import type { ParsedIx, ParsedTx, Transfer } from './check-payment'

/** One entry of meta.preTokenBalances / postTokenBalances. */
export interface TokenBalance {
  accountIndex: number
  mint: string
  owner?: string
  programId?: string
  uiTokenAmount: { amount: string }
}

interface TokenAccountFacts {
  mint: string
  owner: string | undefined
  programId: string | undefined
}

/** Base units from a node's decimal string ("5000000"); undefined for anything else. */
const exactUnits = (value: unknown): bigint | undefined =>
  typeof value === 'string' && /^[0-9]{1,20}$/.test(value) ? BigInt(value) : undefined

const keyAt = (tx: ParsedTx, index: number) => tx.transaction.message.accountKeys[index]?.pubkey

/** Each token account of the transaction (by address): its mint, owner and program, from its balances. */
function tokenAccounts(tx: ParsedTx): Map<string, TokenAccountFacts> {
  const facts = new Map<string, TokenAccountFacts>()
  for (const b of [...(tx.meta?.preTokenBalances ?? []), ...(tx.meta?.postTokenBalances ?? [])]) {
    const address = keyAt(tx, b.accountIndex)
    if (address) facts.set(address, { mint: b.mint, owner: b.owner, programId: b.programId })
  }
  return facts
}

interface TokenMove extends Transfer {
  mint: string | undefined
  programId: string | undefined
}

/** Every transfer / transferChecked of either token program, top-level and inner, between owners' wallets. */
function tokenMoves(tx: ParsedTx): TokenMove[] {
  const accounts = tokenAccounts(tx)
  const all: ParsedIx[] = [
    ...tx.transaction.message.instructions,
    ...(tx.meta?.innerInstructions ?? []).flatMap((g) => g.instructions),
  ]
  return all.flatMap((ix) => {
    if (ix.program !== 'spl-token' || typeof ix.parsed !== 'object' || ix.parsed === null) return []
    const p = ix.parsed as { type?: unknown; info?: Record<string, unknown> }
    if ((p.type !== 'transfer' && p.type !== 'transferChecked') || !p.info) return []
    const { source, destination, authority } = p.info
    const tokenAmount = p.info.tokenAmount as { amount?: unknown } | undefined
    const amount = exactUnits(p.type === 'transfer' ? p.info.amount : tokenAmount?.amount)
    if (typeof source !== 'string' || typeof destination !== 'string' || amount === undefined) return []
    const from = accounts.get(source)
    const to = accounts.get(destination)
    if (!from?.owner || !to?.owner) return []
    return [
      {
        source: from.owner,
        // a delegate's or a multisig's spend is not the owner's own (multisigs name `multisigAuthority`)
        authority: typeof authority === 'string' ? authority : undefined,
        destination: to.owner,
        lamports: amount,
        mint: to.mint,
        programId:
          ix.programId === TOKEN_PROGRAM_ADDRESS || ix.programId === TOKEN_2022_PROGRAM_ADDRESS
            ? ix.programId
            : undefined,
      },
    ]
  })
}

const isTheToken = (move: { mint?: string; programId?: string }, mint: string) =>
  move.mint === mint && move.programId === TOKEN_PROGRAM_ADDRESS

/** Transfers of `mint` under the classic Token program, in wallet terms (the accounts' owners). */
export function tokenTransfers(tx: ParsedTx, mint: string): Transfer[] {
  return tokenMoves(tx).filter((m) => isTheToken(m, mint))
}

/** The payer moved some other token (another mint, or a Token-2022 look-alike) to one of `wallets`. */
export function paidInAnotherToken(tx: ParsedTx, payer: string, wallets: Set<string>, mint: string): boolean {
  return tokenMoves(tx).some(
    (m) => m.source === payer && m.authority === payer && wallets.has(m.destination) && !isTheToken(m, mint),
  )
}

/**
 * How much `mint` (classic Token program) the wallet's token accounts gained in the transaction, from their pre and
 * post token balances (an account opened by it counts from 0); undefined when a balance cannot be read exactly.
 */
export function tokenBalanceChange(tx: ParsedTx, wallet: string, mint: string): bigint | undefined {
  let change = 0n
  for (const [list, sign] of [
    [tx.meta?.postTokenBalances, 1n],
    [tx.meta?.preTokenBalances, -1n],
  ] as const) {
    for (const b of list ?? []) {
      if (b.owner !== wallet || !isTheToken(b, mint)) continue
      const units = exactUnits(b.uiTokenAmount?.amount)
      if (units === undefined) return undefined
      change += sign * units
    }
  }
  return change
}
