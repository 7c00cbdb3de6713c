import type { ChainState } from '../chain-state'
import { accountMethods } from './accounts'
import { clusterMethods } from './cluster'
import type { Params } from './params'
import { tokenMethods } from './tokens'
import { transactionMethods } from './transactions'

export type MethodTable = Record<string, (params: Params) => unknown>

/** Every JSON-RPC method the ledger answers over HTTP. */
export function createMethods(chain: ChainState): MethodTable {
  return {
    ...clusterMethods(chain),
    ...accountMethods(chain),
    ...transactionMethods(chain),
    ...tokenMethods(chain),
  }
}
