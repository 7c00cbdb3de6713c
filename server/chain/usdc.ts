// The cluster's USDC: which mint it is, checked on the chain at start-up, and the platform's USDC account.
import { PublicKey } from '@solana/web3.js'
import { associatedTokenAddress, TOKEN_PROGRAM_ID, USDC_DECIMALS } from '../../api-contract/usdc-gift'
import { KNOWN_USDC_MINTS } from '../../api-contract/token-addresses'
import type { RpcClient } from './rpc-client'

export class UsdcMintError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UsdcMintError'
  }
}

interface AccountInfo {
  value: { owner: string; data: [string, string] } | null
}

/**
 * The USDC mint payments are verified against: `USDC_MINT`, else the cluster's (Circle's, or the local ledger's
 * test USDC, which it names through `getTestUsdcMint`). Refuses to start (UsdcMintError) unless the chain holds it as an initialized 6-decimal mint of the
 * classic Token program: a Token-2022 mint, or a mint of other decimals, would pay what the verifier never counts.
 */
export async function resolveUsdcMint(
  rpc: RpcClient,
  configured: { cluster: string; usdcMint?: string },
): Promise<string> {
  const known = KNOWN_USDC_MINTS[configured.cluster as keyof typeof KNOWN_USDC_MINTS]
  // The local ledger (embedded, or attached to by several instances) names its own test USDC.
  const mint =
    configured.usdcMint ??
    known ??
    (configured.cluster === 'local' ? await rpc.call<string>('getTestUsdcMint') : undefined)
  if (!mint)
    throw new UsdcMintError(`no USDC mint is known for cluster "${configured.cluster}"; set USDC_MINT`)
  const info = await rpc.call<AccountInfo>('getAccountInfo', [mint, { encoding: 'base64' }])
  const data = info.value && Buffer.from(info.value.data[0], 'base64')
  const isMint = info.value?.owner === TOKEN_PROGRAM_ID.toBase58() && data?.length === 82 && data[45] === 1
  if (!isMint || data[44] !== USDC_DECIMALS)
    throw new UsdcMintError(
      `USDC mint ${mint} is not a ${USDC_DECIMALS}-decimal mint of the SPL Token program (${TOKEN_PROGRAM_ID.toBase58()}) on RPC ${rpc.url}`,
    )
  return mint
}

/** The platform wallet's USDC account (its associated token account), which takes USDC tips. */
export const platformUsdcAccount = (platformWallet: string, mint: string): string =>
  associatedTokenAddress(new PublicKey(platformWallet), new PublicKey(mint)).toBase58()

/**
 * Makes sure the platform's USDC account exists: on the local ledger it is opened through the ledger's test USDC
 * faucet; on a public cluster the operator opens it (`spl-token create-account <mint> --owner <platform wallet>`),
 * and until then USDC tips cannot land: said once in the log at start.
 */
export async function openPlatformUsdcAccount(
  rpc: RpcClient,
  setup: { cluster: string; platformWallet: string; usdcMint: string },
  log: { warn(message: string): void },
): Promise<void> {
  const account = platformUsdcAccount(setup.platformWallet, setup.usdcMint)
  const info = await rpc.call<AccountInfo>('getAccountInfo', [account, { encoding: 'base64' }])
  if (info.value) return
  if (setup.cluster === 'local') {
    await rpc.call('requestTokenAirdrop', [setup.platformWallet, 0])
    return
  }
  log.warn(
    `the platform wallet has no USDC account (${account}): USDC tips fail until it is opened, e.g. ` +
      `spl-token create-account ${setup.usdcMint} --owner ${setup.platformWallet} --fee-payer <keypair>`,
  )
}
