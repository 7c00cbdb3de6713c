// Start-up: the RPC connection the server verifies payments with, pinned to the configured cluster.
import { assertCluster, createRpcClient, type RpcClient } from './chain'
import type { Config } from './config'
import type { Db } from './db/client'
import { pinGenesis } from './modules/payments/genesis-pin'

export interface Chain {
  rpc: RpcClient
  genesisHash: string
}

/**
 * Connects to the ledger (the in-process one in local mode), refuses another cluster than the configured one
 * (ClusterMismatchError) and another ledger than the one this database's payments were verified on
 * (GenesisMismatchError).
 */
export async function connectChain(
  config: Pick<Config, 'cluster' | 'rpcUrl'>,
  db: Db,
  ledger?: { rpcUrl: string; genesisHash: string; handleRpc(body: unknown): Promise<unknown> },
): Promise<Chain> {
  const rpc = ledger
    ? createRpcClient(ledger.rpcUrl, { inProcess: (body) => ledger.handleRpc(body) })
    : createRpcClient(config.rpcUrl)
  const genesisHash = await assertCluster(rpc, { cluster: config.cluster, genesisHash: ledger?.genesisHash })
  await pinGenesis(db, genesisHash)
  return { rpc, genesisHash }
}
