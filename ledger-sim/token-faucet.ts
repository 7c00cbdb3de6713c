// The test USDC faucet: an ordinary transaction signed by the faucet (fee payer, and rent of a new token account)
// and the mint authority, which opens the owner's associated token account when it has none and mints to it.
import {
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
} from '@solana/web3.js'
import { USDC_DECIMALS } from './chain-state'
import { ASSOCIATED_TOKEN_PROGRAM, TOKEN_PROGRAM } from './token-accounts'

/** Largest test USDC mint per request, in base units (10,000 USDC). */
export const TOKEN_AIRDROP_CAP = 10_000n * 10n ** BigInt(USDC_DECIMALS)

const classicToken = new PublicKey(TOKEN_PROGRAM)
const ataProgram = new PublicKey(ASSOCIATED_TOKEN_PROGRAM)

/** The owner's associated token account for the mint under `program` (default: the classic Token program). */
export function associatedTokenAccount(owner: PublicKey, mint: PublicKey, program = classicToken): PublicKey {
  return PublicKey.findProgramAddressSync(
    [owner.toBuffer(), program.toBuffer(), mint.toBuffer()],
    ataProgram,
  )[0]
}

/** Associated Token Account program: CreateIdempotent (1), the payer funding the account's rent. */
export function createAssociatedIdempotent(
  payer: PublicKey,
  owner: PublicKey,
  mint: PublicKey,
  program = classicToken,
): TransactionInstruction {
  return new TransactionInstruction({
    programId: ataProgram,
    keys: [
      { pubkey: payer, isSigner: true, isWritable: true },
      { pubkey: associatedTokenAccount(owner, mint, program), isSigner: false, isWritable: true },
      { pubkey: owner, isSigner: false, isWritable: false },
      { pubkey: mint, isSigner: false, isWritable: false },
      { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
      { pubkey: program, isSigner: false, isWritable: false },
    ],
    data: Buffer.from([1]),
  })
}

type AccountMeta = { pubkey: PublicKey; isSigner: boolean; isWritable: boolean }
const meta = (pubkey: PublicKey, isWritable: boolean, isSigner = false): AccountMeta => ({
  pubkey,
  isSigner,
  isWritable,
})

/** A "checked" Token instruction: its index, u64 amount (little-endian), u8 decimals. */
export function checkedTokenInstruction(
  index: number,
  keys: AccountMeta[],
  amount: bigint,
  decimals: number,
  program = classicToken,
): TransactionInstruction {
  const data = Buffer.alloc(10)
  data[0] = index
  data.writeBigUInt64LE(amount, 1)
  data[9] = decimals
  return new TransactionInstruction({ programId: program, keys, data })
}

/** Token program: MintToChecked (14): mint, account, mint authority. */
export const mintToChecked = (
  mint: PublicKey,
  account: PublicKey,
  authority: PublicKey,
  amount: bigint,
  decimals: number,
  program = classicToken,
): TransactionInstruction =>
  checkedTokenInstruction(
    14,
    [meta(mint, true), meta(account, true), meta(authority, false, true)],
    amount,
    decimals,
    program,
  )

/** Token program: TransferChecked (12): source, mint, destination, owner. */
export const transferChecked = (
  accounts: { source: PublicKey; mint: PublicKey; destination: PublicKey; owner: PublicKey },
  amount: bigint,
  decimals: number,
  program = classicToken,
): TransactionInstruction =>
  checkedTokenInstruction(
    12,
    [
      meta(accounts.source, true),
      meta(accounts.mint, false),
      meta(accounts.destination, true),
      meta(accounts.owner, false, true),
    ],
    amount,
    decimals,
    program,
  )

/**
 * createIdempotent + MintToChecked, signed. `nonce` varies the compute limit so that two equal requests in one
 * slot are distinct transactions (as the SOL faucet does).
 * @see https://github.com/solana-program/associated-token-account
 * @see https://github.com/solana-program/token
 */
export function tokenFaucetTransaction(
  faucetSecret: Uint8Array,
  authoritySecret: Uint8Array,
  mintAddress: string,
  ownerAddress: string,
  amount: bigint,
  blockhash: string,
  nonce: number,
): Uint8Array {
  const faucet = Keypair.fromSecretKey(faucetSecret)
  const authority = Keypair.fromSecretKey(authoritySecret)
  const mint = new PublicKey(mintAddress)
  const owner = new PublicKey(ownerAddress)
  const account = associatedTokenAccount(owner, mint)
  const tx = new Transaction({ feePayer: faucet.publicKey, recentBlockhash: blockhash }).add(
    ComputeBudgetProgram.setComputeUnitLimit({ units: 100_000 + (nonce % 100_000) }),
    createAssociatedIdempotent(faucet.publicKey, owner, mint),
    mintToChecked(mint, account, authority.publicKey, amount, USDC_DECIMALS),
  )
  tx.sign(faucet, authority)
  return tx.serialize()
}
