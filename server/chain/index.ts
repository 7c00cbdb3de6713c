// What the rest of the server uses of the chain folder: the RPC client and the cluster check at start-up.
export { createRpcClient, LedgerUnavailable, type RpcClient } from './rpc-client'
export { assertCluster, ClusterMismatchError } from './cluster'
