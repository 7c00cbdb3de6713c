// A USDC gift's instructions, written from the programs' instruction layouts (docs/decisions/014-usdc-giving.md):
// the server's Action builds its transaction with them, and so does the PWA's payment pipeline (it loads this file
// lazily, with @solana/web3.js), so both sides send the same gift and read a signed one back the same way.
// Pure: no network, no clock.
// @see https://github.com/solana-program/token/blob/main/interface/src/instruction.rs (TransferChecked = 12)
// @see https://github.com/solana-program/associated-token-account (CreateIdempotent = 1)
import { PublicKey, SystemProgram, TransactionInstruction } from '@solana/web3.js'
// Named, not the global: a browser has no global Buffer (this is Node's own module on the server, and in the PWA the
// same `buffer` package web3.js imports).
import { Buffer } from 'buffer'
import { TOKEN_PROGRAM_ADDRESS } from './token-addresses'

/** USDC's decimals on every cluster (and the local test USDC's). */
export const USDC_DECIMALS = 6
/** The classic SPL Token program: the only one a USDC gift may use (Token-2022 look-alikes are refused). */
export const TOKEN_PROGRAM_ID = new PublicKey(TOKEN_PROGRAM_ADDRESS)
export const ASSOCIATED_TOKEN_PROGRAM_ID = new PublicKey('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL')

const TRANSFER_CHECKED = 12
const CREATE_IDEMPOTENT = 1

/** The owner's associated token account for the mint under the classic Token program. */
export function associatedTokenAddress(owner: PublicKey, mint: PublicKey): PublicKey {
  const seeds = [owner.toBuffer(), TOKEN_PROGRAM_ID.toBuffer(), mint.toBuffer()]
  return PublicKey.findProgramAddressSync(seeds, ASSOCIATED_TOKEN_PROGRAM_ID)[0]
}

/** Opens the owner's associated token account unless it exists (then it does nothing); `payer` pays its rent. */
export function createAssociatedTokenAccountIdempotent(
  payer: PublicKey,
  owner: PublicKey,
  mint: PublicKey,
): TransactionInstruction {
  return new TransactionInstruction({
    programId: ASSOCIATED_TOKEN_PROGRAM_ID,
    keys: [
      { pubkey: payer, isSigner: true, isWritable: true },
      { pubkey: associatedTokenAddress(owner, mint), isSigner: false, isWritable: true },
      { pubkey: owner, isSigner: false, isWritable: false },
      { pubkey: mint, isSigner: false, isWritable: false },
      { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
      { pubkey: TOKEN_PROGRAM_ID, isSigner: false, isWritable: false },
    ],
    data: Buffer.from([CREATE_IDEMPOTENT]),
  })
}

export interface TokenTransfer {
  /** the wallet whose associated token account pays, and who signs */
  from: PublicKey
  /** the wallet whose associated token account receives */
  to: PublicKey
  mint: PublicKey
  /** base units (micro-USDC) */
  amount: bigint
  decimals: number
  /** read-only keys appended to the instruction (a Solana Pay reference); the Token program ignores them */
  references?: PublicKey[]
}

/** TransferChecked between the two wallets' associated token accounts: u8 12, u64 amount, u8 decimals. */
export function transferChecked(t: TokenTransfer): TransactionInstruction {
  const data = Buffer.alloc(10)
  data[0] = TRANSFER_CHECKED
  data.writeBigUInt64LE(t.amount, 1)
  data[9] = t.decimals
  return new TransactionInstruction({
    programId: TOKEN_PROGRAM_ID,
    keys: [
      { pubkey: associatedTokenAddress(t.from, t.mint), isSigner: false, isWritable: true },
      { pubkey: t.mint, isSigner: false, isWritable: false },
      { pubkey: associatedTokenAddress(t.to, t.mint), isSigner: false, isWritable: true },
      { pubkey: t.from, isSigner: true, isWritable: false },
      ...(t.references ?? []).map((pubkey) => ({ pubkey, isSigner: false, isWritable: false })),
    ],
    data,
  })
}

/** A TransferChecked instruction's amount and decimals, or undefined for any other data. */
export function decodeTransferChecked(data: Uint8Array): { amount: bigint; decimals: number } | undefined {
  if (data.length !== 10 || data[0] !== TRANSFER_CHECKED) return undefined
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  return { amount: view.getBigUint64(1, true), decimals: data[9]! }
}

export interface UsdcGift {
  donor: PublicKey
  /** the emergency's receiving wallet (its owner; the token account is derived) */
  recipient: PublicKey
  /** the platform wallet, whose USDC account (opened at set-up) takes the tip */
  platform: PublicKey
  mint: PublicKey
  decimals: number
  amount: bigint
  /** 0: no tip instruction */
  tip: bigint
  /** the recipient has no USDC account yet: open it first, the donor paying its rent (about 0.002 SOL) */
  openRecipientAccount: boolean
  /** keys the donation's transfer carries (the Action's reference and watch key) */
  references?: PublicKey[]
}

/**
 * One gift: the recipient's account opened when asked, the tip, then the donation (last, as Solana Pay places the
 * transfer, carrying the references). The caller adds a fee payer and a blockhash.
 */
export function usdcGiftInstructions(g: UsdcGift): TransactionInstruction[] {
  const leg = (to: PublicKey, amount: bigint, references?: PublicKey[]) =>
    transferChecked({ from: g.donor, to, mint: g.mint, amount, decimals: g.decimals, references })
  return [
    ...(g.openRecipientAccount ? [createAssociatedTokenAccountIdempotent(g.donor, g.recipient, g.mint)] : []),
    ...(g.tip > 0n ? [leg(g.platform, g.tip)] : []),
    leg(g.recipient, g.amount, g.references),
  ]
}
