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
