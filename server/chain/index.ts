export { createRpcClient, ChainUnavailableError, RpcMethodError, type RpcClient } from './rpc-client'
export { assertCluster, ClusterMismatchError, KNOWN_GENESIS, type ClusterName } from './cluster'
export { verifyPayment, type VerifyOptions } from './verify-payment'
export {
  checkPayment,
  type ExpectedPayment,
  type ExpectedTransfer,
  type VerifiedPayment,
  type VerifyFailure,
  type VerifyResult,
} from './check-payment'
