// Funds a wallet through the server's /rpc (requestAirdrop) and waits for transactions to be confirmed.
import { rpc } from './rpc'

const LAMPORTS_PER_SOL = 1_000_000_000n

interface SignatureStatus {
  err: unknown
  confirmationStatus?: 'processed' | 'confirmed' | 'finalized'
}

export async function airdrop(rpcUrl: string, address: string, sol: number): Promise<string> {
  const lamports = Number(BigInt(Math.round(sol * 1000)) * (LAMPORTS_PER_SOL / 1000n))
  return waitForConfirmation(rpcUrl, await rpc<string>(rpcUrl, 'requestAirdrop', [address, lamports]))
}

/** Polls getSignatureStatuses until the transaction is confirmed; throws if it failed or never lands. */
export async function waitForConfirmation(
  rpcUrl: string,
  signature: string,
  timeoutMs = 30_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const { value } = await rpc<{ value: (SignatureStatus | null)[] }>(rpcUrl, 'getSignatureStatuses', [
      [signature],
    ])
    const status = value[0]
    if (status?.err) throw new Error(`transaction ${signature} failed: ${JSON.stringify(status.err)}`)
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized')
      return signature
    await new Promise((done) => setTimeout(done, 200))
  }
  throw new Error(`transaction ${signature} not confirmed within ${timeoutMs} ms`)
}
