// Start-up: the RPC connection the server verifies payments with, pinned to the configured cluster.
import { assertCluster, createRpcClient, LedgerUnavailable, type RpcClient } from './chain'
import { resolveUsdcMint } from './chain/usdc'
import type { Config } from './config'
import type { Db } from './db/client'
import { pinGenesis } from './modules/payments/genesis-pin'

export interface Chain {
  rpc: RpcClient
  genesisHash: string
  /** the USDC mint donations in USDC are verified against (server/chain/usdc.ts); absent without a ledger */
  usdcMint?: string
}

/**
 * Connects to the ledger (the in-process one in local mode, or the local ledger attached to with SOLANA_RPC_URL),
 * refuses another cluster than the configured one (ClusterMismatchError) and another ledger than the one this
 * database's payments were verified on (GenesisMismatchError). A local ledger's own genesis hash is its cluster's
 * identity: it is pinned in the database, so every instance attached to it must see the same one. Refuses a USDC
 * mint the chain does not hold as the configured token too (UsdcMintError).
 */
export async function connectChain(
  config: Pick<Config, 'cluster' | 'rpcUrl' | 'usdcMint'>,
  db: Db,
  ledger?: { rpcUrl: string; genesisHash?: string; handleRpc(body: unknown): Promise<unknown> },
): Promise<Chain> {
  const inProcess = ledger?.genesisHash ? ledger : undefined
  const rpc = inProcess
    ? createRpcClient(inProcess.rpcUrl, { inProcess: (body) => inProcess.handleRpc(body) })
    : createRpcClient(config.rpcUrl)
  const localGenesis =
    config.cluster === 'local' && !inProcess
      ? await rpc.call<string>('getGenesisHash')
      : inProcess?.genesisHash
  const genesisHash = await assertCluster(rpc, { cluster: config.cluster, genesisHash: localGenesis })
  await pinGenesis(db, genesisHash)
  const usdcMint = await resolveUsdcMint(rpc, config)
  return { rpc, genesisHash, usdcMint }
}

/**
 * The chain of a server built without a ledger (tests of what needs none): every call answers LedgerUnavailable,
 * so a payment is refused 503 `ledger_unavailable` (and a listing fee queued for an admin) exactly as in an outage.
 */
export function noLedger(): Chain {
  const unavailable = () => Promise.reject(new LedgerUnavailable('no ledger is configured'))
  return { rpc: { url: 'none', call: unavailable, batch: unavailable }, genesisHash: '' }
}
