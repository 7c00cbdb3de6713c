// The bridge's pay(): one transaction, a System transfer per leg, simulated, signed and sent by the wallet,
// confirmed at `confirmed` (DESIGN §4; payments-security-performance §2.9). Lives in the lazy wallet chunk.
import type { WalletAdapterProps } from '@solana/wallet-adapter-base'
import {
  type Connection,
  PublicKey,
  SystemProgram,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { PaymentError, type PayOptions, type PaymentTransfer } from '../state/wallet.atoms'
import { confirmError, sendError } from './pay-errors'

export interface PayDeps {
  connection: Connection
  payer: PublicKey | null
  /** wallet-adapter's sendTransaction: signAndSendTransaction where the wallet offers it, else sign + send. */
  sendTransaction: WalletAdapterProps['sendTransaction']
}

function instructions(payer: PublicKey, transfers: PaymentTransfer[]) {
  return transfers
    .filter((leg) => leg.lamports > 0n)
    .map((leg) =>
      SystemProgram.transfer({ fromPubkey: payer, toPubkey: new PublicKey(leg.to), lamports: leg.lamports }),
    )
}

/** @see https://docs.phantom.com/recipes/transactions/resolve-transaction-simulation-warnings */
export async function pay(
  { connection, payer, sendTransaction }: PayDeps,
  transfers: PaymentTransfer[],
  options: PayOptions = {},
): Promise<string> {
  if (!payer) throw new PaymentError('send', 'Please connect your Phantom wallet.')
  const legs = instructions(payer, transfers)
  if (legs.length === 0) throw new PaymentError('send', 'Transaction failed to send: nothing to pay')

  options.onStage?.('simulating')
  let latest: Awaited<ReturnType<Connection['getLatestBlockhash']>>
  try {
    latest = await connection.getLatestBlockhash('confirmed')
  } catch (error) {
    throw sendError(error)
  }
  const message = new TransactionMessage({
    payerKey: payer,
    recentBlockhash: latest.blockhash,
    instructions: legs,
  }).compileToLegacyMessage()
  const transaction = new VersionedTransaction(message)

  try {
    const { value } = await connection.simulateTransaction(transaction, {
      sigVerify: false,
      commitment: 'confirmed',
    })
    if (value.err) throw sendError(value.err, value.logs ?? [])
  } catch (error) {
    throw error instanceof PaymentError ? error : sendError(error)
  }

  options.onStage?.('signing')
  let signature: string
  try {
    signature = await sendTransaction(transaction, connection, { preflightCommitment: 'confirmed' })
  } catch (error) {
    // wallet-adapter wraps the node's answer; the original message sits on `error.error`.
    const inner = (error as { error?: unknown }).error
    throw sendError(inner instanceof Error ? inner : error, (error as { logs?: string[] }).logs ?? [])
  }

  options.onStage?.('confirming')
  try {
    const { value } = await connection.confirmTransaction(
      { signature, blockhash: latest.blockhash, lastValidBlockHeight: latest.lastValidBlockHeight },
      'confirmed',
    )
    if (value.err) throw confirmError(value.err, options.purpose)
  } catch (error) {
    throw error instanceof PaymentError ? error : confirmError(error, options.purpose)
  }
  return signature
}
