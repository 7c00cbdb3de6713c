// Funds a wallet through the server's /rpc: requestAirdrop, then poll getSignatureStatuses until confirmed.
import { rpc } from './rpc'

const LAMPORTS_PER_SOL = 1_000_000_000n

interface SignatureStatus {
  err: unknown
  confirmationStatus?: 'processed' | 'confirmed' | 'finalized'
}

export async function airdrop(
  rpcUrl: string,
  address: string,
  sol: number,
  timeoutMs = 30_000,
): Promise<string> {
  const lamports = Number(BigInt(Math.round(sol * 1000)) * (LAMPORTS_PER_SOL / 1000n))
  const signature = await rpc<string>(rpcUrl, 'requestAirdrop', [address, lamports])
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const { value } = await rpc<{ value: (SignatureStatus | null)[] }>(rpcUrl, 'getSignatureStatuses', [
      [signature],
    ])
    const status = value[0]
    if (status?.err) throw new Error(`airdrop ${signature} failed: ${JSON.stringify(status.err)}`)
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized')
      return signature
    await new Promise((done) => setTimeout(done, 200))
  }
  throw new Error(`airdrop ${signature} not confirmed within ${timeoutMs} ms`)
}
