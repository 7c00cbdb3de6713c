// Funds a wallet through the server's /rpc (requestAirdrop) and its test USDC faucet (POST /api/faucet/), reads
// its test USDC, and waits for transactions to be confirmed.
import { PublicKey } from '@solana/web3.js'
import { associatedTokenAddress } from '../../../api-contract/usdc-gift'
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

/** Mints `usdc` whole test USDC to the wallet (its USDC account opened when missing). */
export async function faucetUsdc(baseUrl: string, address: string, usdc: number): Promise<void> {
  const response = await fetch(`${baseUrl}/api/faucet/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ wallet_address: address, asset: 'usdc', amount: usdc }),
  })
  if (!response.ok) throw new Error(`faucet answered ${response.status}: ${await response.text()}`)
}

/** Micro-USDC in the owner's USDC account of `mint`, as a decimal string; null while it has none. */
export async function usdcHeld(rpcUrl: string, owner: string, mint: string): Promise<string | null> {
  const account = associatedTokenAddress(new PublicKey(owner), new PublicKey(mint)).toBase58()
  const info = await rpc<{ value: unknown }>(rpcUrl, 'getAccountInfo', [account, { encoding: 'base64' }])
  if (info.value === null) return null
  return (await rpc<{ value: { amount: string } }>(rpcUrl, 'getTokenAccountBalance', [account])).value.amount
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
