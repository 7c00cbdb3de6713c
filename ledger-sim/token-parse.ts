// The SPL Token and Associated Token Account instructions a node parses in `jsonParsed` (the ones token payments
// and wallets send); others stay raw.
// @see https://github.com/anza-xyz/agave/blob/master/transaction-status/src/parse_token.rs
// @see https://github.com/anza-xyz/agave/blob/master/transaction-status/src/parse_associated_token.rs
import bs58 from 'bs58'
import { ASSOCIATED_TOKEN_PROGRAM, TOKEN_PROGRAMS, uiTokenAmount } from './token-accounts'

type Parsed = { type: string; info: Record<string, unknown> }

/** `authority`, or `multisigAuthority` with its signers when more accounts follow (a multisig owner). */
function authorityOf(name: string, accounts: string[], at: number): Record<string, unknown> {
  const signers = accounts.slice(at + 1)
  if (signers.length === 0) return { [name]: accounts[at] }
  const multisig = `multisig${name[0]!.toUpperCase()}${name.slice(1)}`
  return { [multisig]: accounts[at], signers }
}

function parseToken(data: Uint8Array, a: string[]): Parsed | undefined {
  const v = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const amount = () => v.getBigUint64(1, true)
  const need = (bytes: number, accounts: number) => data.length >= bytes && a.length >= accounts
  switch (data[0]) {
    case 3:
      if (!need(9, 3)) return undefined
      return {
        type: 'transfer',
        info: { source: a[0], destination: a[1], ...authorityOf('authority', a, 2), amount: `${amount()}` },
      }
    case 7:
      if (!need(9, 3)) return undefined
      return {
        type: 'mintTo',
        info: { mint: a[0], account: a[1], ...authorityOf('mintAuthority', a, 2), amount: `${amount()}` },
      }
    case 12:
      if (!need(10, 4)) return undefined
      return {
        type: 'transferChecked',
        info: {
          source: a[0],
          mint: a[1],
          destination: a[2],
          ...authorityOf('authority', a, 3),
          tokenAmount: uiTokenAmount(amount(), data[9]!),
        },
      }
    case 14:
      if (!need(10, 3)) return undefined
      return {
        type: 'mintToChecked',
        info: {
          mint: a[0],
          account: a[1],
          ...authorityOf('mintAuthority', a, 2),
          tokenAmount: uiTokenAmount(amount(), data[9]!),
        },
      }
    case 18:
      if (!need(33, 2)) return undefined
      return {
        type: 'initializeAccount3',
        info: { account: a[0], mint: a[1], owner: bs58.encode(data.subarray(1, 33)) },
      }
    case 20: {
      if (!need(35, 1)) return undefined
      const freeze = data[34] === 1 && data.length >= 67 ? bs58.encode(data.subarray(35, 67)) : undefined
      return {
        type: 'initializeMint2',
        info: {
          mint: a[0],
          decimals: data[1],
          mintAuthority: bs58.encode(data.subarray(2, 34)),
          ...(freeze ? { freezeAuthority: freeze } : {}),
        },
      }
    }
    case 21:
      return a.length >= 1 ? { type: 'getAccountDataSize', info: { mint: a[0] } } : undefined
    case 22:
      return a.length >= 1 ? { type: 'initializeImmutableOwner', info: { account: a[0] } } : undefined
    default:
      return undefined
  }
}

function parseAssociatedToken(data: Uint8Array, a: string[]): Parsed | undefined {
  const kind = data.length === 0 ? 0 : data[0]
  if (data.length > 1 || (kind !== 0 && kind !== 1) || a.length < 6) return undefined
  return {
    type: kind === 0 ? 'create' : 'createIdempotent',
    info: { source: a[0], account: a[1], wallet: a[2], mint: a[3], systemProgram: a[4], tokenProgram: a[5] },
  }
}

/** `{program, parsed}` for a token or associated-token instruction a node parses, else undefined. */
export function parseTokenInstruction(programId: string, accounts: string[], data: Uint8Array) {
  if (TOKEN_PROGRAMS.has(programId)) {
    // A node names both token programs' instructions 'spl-token' (accounts: 'spl-token-2022' for the second).
    const parsed = data.length > 0 ? parseToken(data, accounts) : undefined
    return parsed && { program: 'spl-token', parsed }
  }
  if (programId === ASSOCIATED_TOKEN_PROGRAM) {
    const parsed = parseAssociatedToken(data, accounts)
    return parsed && { program: 'spl-associated-token-account', parsed }
  }
  return undefined
}
