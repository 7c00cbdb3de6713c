// A donor's side of the donation Action: ask for the transaction as a blink client or Solana Pay wallet does
// (POST {account}), sign it with the donor's key and send it to the ledger. No call back to our server.
import {
  type Connection,
  type Keypair,
  type PublicKey,
  SystemProgram,
  Transaction,
  type TransactionInstruction,
} from '@solana/web3.js'
import type { FastifyInstance } from 'fastify'
import type { ActionPostResponse } from '../../api-contract/actions'
import { TOKEN_PROGRAM_ID } from '../../api-contract/usdc-gift'
import { confirm } from '../../ledger-sim/test-kit'

export interface BuiltDonation {
  transaction: Transaction
  /** the reference key the server put on the donation transfer */
  reference: PublicKey
}

/** POST /api/actions/donate/{id}?{query} for `account`; throws unless the server built a transaction. */
export async function requestDonation(
  app: FastifyInstance,
  emergencyId: number,
  account: PublicKey,
  query: string,
): Promise<BuiltDonation> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/actions/donate/${emergencyId}?${query}`,
    payload: { account: account.toBase58() },
  })
  if (response.statusCode !== 200) throw new Error(`action POST: ${response.statusCode} ${response.body}`)
  const transaction = Transaction.from(Buffer.from(response.json<ActionPostResponse>().transaction, 'base64'))
  const donation = transaction.instructions[transaction.instructions.length - 1]!
  // The reference follows the transfer's own accounts: from, to (System); source, mint, destination, owner (token).
  const own = donation.programId.equals(TOKEN_PROGRAM_ID) ? 4 : 2
  return { transaction, reference: donation.keys[own]!.pubkey }
}

/** What a wallet does with it: sign as the donor, send, wait for `confirmed`. */
export async function signAndSend(connection: Connection, tx: Transaction, donor: Keypair): Promise<string> {
  tx.sign(donor)
  const signature = await connection.sendRawTransaction(tx.serialize())
  await confirm(connection, signature)
  return signature
}

/** Polls `probe` until it returns a value (not undefined), or fails after `timeoutMs`. */
export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  timeoutMs = 20_000,
  what = 'the condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`)
    await new Promise((done) => setTimeout(done, 100))
  }
}

/** What a wallet that rewrites the request does: the same fee payer and blockhash, other instructions. */
export function rewritten(built: Transaction, instructions: TransactionInstruction[]): Transaction {
  return new Transaction({ feePayer: built.feePayer!, recentBlockhash: built.recentBlockhash! }).add(
    ...instructions,
  )
}

/** The donation transfer of the Action's transaction with another amount, its reference and watch key kept. */
export function donationOf(built: Transaction, lamports: number): TransactionInstruction {
  const original = built.instructions[built.instructions.length - 1]!
  const [from, to, ...keys] = original.keys
  const changed = SystemProgram.transfer({ fromPubkey: from!.pubkey, toPubkey: to!.pubkey, lamports })
  changed.keys.push(...keys)
  return changed
}
