// SPL Token accounts and mints as a node reads them: their byte layouts, the token balances a transaction's meta
// carries, and the `jsonParsed` form of getAccountInfo. Token-2022 accounts share the base layout (an extension
// area follows it, after an account-type byte at offset 165).
// @see https://github.com/solana-program/token/blob/main/program/src/state.rs
import bs58 from 'bs58'
import type { Account } from 'litesvm/dist/internal.js'

export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
export const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
export const TOKEN_PROGRAMS: ReadonlySet<string> = new Set([TOKEN_PROGRAM, TOKEN_2022_PROGRAM])

export const MINT_LEN = 82
export const ACCOUNT_LEN = 165
const ACCOUNT_TYPE_MINT = 1
const ACCOUNT_TYPE_ACCOUNT = 2

export interface TokenAccount {
  mint: string
  owner: string
  amount: bigint
  /** 1 initialized, 2 frozen */
  state: number
  programId: string
}

export interface Mint {
  mintAuthority: string | null
  supply: bigint
  decimals: number
  freezeAuthority: string | null
  programId: string
}

const u64 = (d: Uint8Array, at: number) => new DataView(d.buffer, d.byteOffset).getBigUint64(at, true)
const key = (d: Uint8Array, at: number) => bs58.encode(d.subarray(at, at + 32))
/** A COption<Pubkey>: a u32 tag (1 = some) then the key. */
const optionalKey = (d: Uint8Array, at: number) => (d[at] === 1 ? key(d, at + 4) : null)

function tokenProgramOf(acc: Account): string | undefined {
  const owner = bs58.encode(acc.owner())
  return TOKEN_PROGRAMS.has(owner) ? owner : undefined
}

/** The account's data as an initialized token account, or undefined. */
export function readTokenAccount(acc: Account): TokenAccount | undefined {
  const programId = tokenProgramOf(acc)
  const d = acc.data()
  if (!programId || d.length < ACCOUNT_LEN) return undefined
  if (d.length > ACCOUNT_LEN && (programId === TOKEN_PROGRAM || d[ACCOUNT_LEN] !== ACCOUNT_TYPE_ACCOUNT))
    return undefined
  const state = d[108]!
  if (state === 0) return undefined
  return { mint: key(d, 0), owner: key(d, 32), amount: u64(d, 64), state, programId }
}

/** The account's data as an initialized mint, or undefined. */
export function readMint(acc: Account): Mint | undefined {
  const programId = tokenProgramOf(acc)
  const d = acc.data()
  if (!programId) return undefined
  const isMint =
    d.length === MINT_LEN ||
    (programId === TOKEN_2022_PROGRAM && d.length > ACCOUNT_LEN && d[ACCOUNT_LEN] === ACCOUNT_TYPE_MINT)
  if (!isMint || d[45] !== 1) return undefined
  return {
    mintAuthority: optionalKey(d, 0),
    supply: u64(d, 36),
    decimals: d[44]!,
    freezeAuthority: optionalKey(d, 46),
    programId,
  }
}

/** A fresh, initialized mint's data (no freeze authority). */
export function mintData(authority: Uint8Array, decimals: number): Uint8Array {
  const d = new Uint8Array(MINT_LEN)
  d[0] = 1
  d.set(authority, 4)
  d[44] = decimals
  d[45] = 1
  return d
}

/** "5000000" at 6 decimals → "5"; "1" → "0.000001". */
export function uiAmountString(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString()
  const text = amount.toString().padStart(decimals + 1, '0')
  const whole = text.slice(0, -decimals)
  const fraction = text.slice(-decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

/** A node's UiTokenAmount. */
export function uiTokenAmount(amount: bigint, decimals: number) {
  const text = uiAmountString(amount, decimals)
  return { amount: amount.toString(), decimals, uiAmount: Number(text), uiAmountString: text }
}

export interface TokenBalance {
  accountIndex: number
  mint: string
  owner: string
  programId: string
  uiTokenAmount: ReturnType<typeof uiTokenAmount>
}

/**
 * The token balances of the transaction's accounts, as meta.preTokenBalances / postTokenBalances show them: one
 * entry per account that is a token account at that moment (an account created by the transaction is only in
 * the post list).
 */
export function tokenBalances(
  keys: string[],
  accountOf: (address: string) => Account | null,
): TokenBalance[] {
  if (!keys.some((k) => TOKEN_PROGRAMS.has(k))) return []
  const out: TokenBalance[] = []
  keys.forEach((address, accountIndex) => {
    const acc = accountOf(address)
    const token = acc && readTokenAccount(acc)
    if (!token) return
    const mintAcc = accountOf(token.mint)
    const decimals = (mintAcc && readMint(mintAcc)?.decimals) ?? 0
    out.push({
      accountIndex,
      mint: token.mint,
      owner: token.owner,
      programId: token.programId,
      uiTokenAmount: uiTokenAmount(token.amount, decimals),
    })
  })
  return out
}

/**
 * getAccountInfo's `jsonParsed` data of a token account or mint, or undefined for any other account.
 * @see https://github.com/anza-xyz/agave/blob/master/account-decoder/src/parse_token.rs
 */
export function parsedTokenData(acc: Account, accountOf: (address: string) => Account | null) {
  const programId = tokenProgramOf(acc)
  if (!programId) return undefined
  const program = programId === TOKEN_PROGRAM ? 'spl-token' : 'spl-token-2022'
  const space = acc.data().length
  const token = readTokenAccount(acc)
  if (token) {
    const mintAcc = accountOf(token.mint)
    const decimals = (mintAcc && readMint(mintAcc)?.decimals) ?? 0
    const info = {
      isNative: false,
      mint: token.mint,
      owner: token.owner,
      state: token.state === 2 ? 'frozen' : 'initialized',
      tokenAmount: uiTokenAmount(token.amount, decimals),
    }
    return { program, parsed: { type: 'account', info }, space }
  }
  const mint = readMint(acc)
  if (!mint) return undefined
  const info = {
    decimals: mint.decimals,
    freezeAuthority: mint.freezeAuthority,
    isInitialized: true,
    mintAuthority: mint.mintAuthority,
    supply: mint.supply.toString(),
  }
  return { program, parsed: { type: 'mint', info }, space }
}
