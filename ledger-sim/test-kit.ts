// Helpers for tests that drive the ledger through an unmodified web3.js Connection.
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  type TransactionSignature,
} from '@solana/web3.js'
import { startLedger, type LedgerOptions, type RunningLedger } from './index'
import { MINT_LEN, TOKEN_PROGRAM } from './token-accounts'

export const MEMO_PROGRAM_ID = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr')

export interface TestLedger {
  ledger: RunningLedger
  connection: Connection
  /** A new keypair holding `sol` SOL (airdropped and confirmed). */
  funded(sol?: number): Promise<Keypair>
  close(): Promise<void>
}

/** The parts of web3.js's private websocket client (rpc-websockets) that close() needs. */
interface ReconnectingSocket {
  setAutoReconnect(reconnect: boolean): void
  close(): void
}

export async function startTestLedger(options: Partial<LedgerOptions> = {}): Promise<TestLedger> {
  const ledger = await startLedger({ port: 0, slotMs: 50, ...options })
  const connection = new Connection(ledger.rpcUrl, { commitment: 'confirmed', wsEndpoint: ledger.wsUrl })
  return {
    ledger,
    connection,
    async funded(sol = 2) {
      const kp = Keypair.generate()
      await confirm(connection, await connection.requestAirdrop(kp.publicKey, sol * LAMPORTS_PER_SOL))
      return kp
    },
    close: async () => {
      // web3.js's websocket reconnects to a server that went away every second, for ever (a reconnection may
      // already be pending): stop that, and close the socket while the ledger is still up.
      const socket = (connection as unknown as { _rpcWebSocket: ReconnectingSocket })._rpcWebSocket
      socket.setAutoReconnect(false)
      socket.close()
      await ledger.close()
    },
  }
}

/** Confirms with the blockhash strategy, the way wallets' callers do. */
export async function confirm(connection: Connection, signature: TransactionSignature): Promise<void> {
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
  const res = await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, 'confirmed')
  if (res.value.err) throw new Error(`transaction failed: ${JSON.stringify(res.value.err)}`)
}

export function memo(text: string, signer?: PublicKey): TransactionInstruction {
  return new TransactionInstruction({
    programId: MEMO_PROGRAM_ID,
    keys: signer ? [{ pubkey: signer, isSigner: true, isWritable: false }] : [],
    data: Buffer.from(text, 'utf8'),
  })
}

export async function transferTx(
  connection: Connection,
  from: Keypair,
  legs: { to: PublicKey; lamports: number | bigint }[],
  extra: TransactionInstruction[] = [],
): Promise<Transaction> {
  const { blockhash } = await connection.getLatestBlockhash()
  const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: blockhash })
  for (const leg of legs)
    tx.add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: leg.to, lamports: leg.lamports }))
  if (extra.length > 0) tx.add(...extra)
  tx.sign(from)
  return tx
}

/** A new mint under `program` made by real transactions (createAccount + InitializeMint2), `authority` its
 * mint authority and payer. */
export async function createMint(
  connection: Connection,
  authority: Keypair,
  decimals: number,
  program = new PublicKey(TOKEN_PROGRAM),
): Promise<PublicKey> {
  const mint = Keypair.generate()
  const rent = await connection.getMinimumBalanceForRentExemption(MINT_LEN)
  const data = Buffer.alloc(67)
  data[0] = 20
  data[1] = decimals
  authority.publicKey.toBuffer().copy(data, 2)
  const tx = new Transaction().add(
    SystemProgram.createAccount({
      fromPubkey: authority.publicKey,
      newAccountPubkey: mint.publicKey,
      lamports: rent,
      space: MINT_LEN,
      programId: program,
    }),
    new TransactionInstruction({
      programId: program,
      keys: [{ pubkey: mint.publicKey, isSigner: false, isWritable: true }],
      data: data.subarray(0, 35),
    }),
  )
  tx.recentBlockhash = (await connection.getLatestBlockhash()).blockhash
  tx.feePayer = authority.publicKey
  tx.sign(authority, mint)
  await confirm(connection, await connection.sendRawTransaction(tx.serialize()))
  return mint.publicKey
}

/** Signs `instructions` with `signers` (the first pays), sends them and waits for `confirmed`. */
export async function sendInstructions(
  connection: Connection,
  signers: Keypair[],
  instructions: TransactionInstruction[],
): Promise<string> {
  const tx = new Transaction({
    feePayer: signers[0]!.publicKey,
    recentBlockhash: (await connection.getLatestBlockhash()).blockhash,
  }).add(...instructions)
  tx.sign(...signers)
  const signature = await connection.sendRawTransaction(tx.serialize())
  await confirm(connection, signature)
  return signature
}
