import type { RpcClient } from './rpc-client'

export type ClusterName = 'local' | 'devnet' | 'testnet' | 'mainnet-beta'

/**
 * Genesis hashes of the public clusters: a cluster's identity, whatever URL serves it.
 * @see https://solana.com/docs/rpc/http/getgenesishash
 */
export const KNOWN_GENESIS: Record<Exclude<ClusterName, 'local'>, string> = {
  'mainnet-beta': '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d',
  devnet: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG',
  testnet: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY',
}

export class ClusterMismatchError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ClusterMismatchError'
  }
}

/** The genesis hash the configured cluster must have: the known one, or for `local` the ledger's own. */
export function expectedGenesis(expected: { cluster: ClusterName | string; genesisHash?: string }): string {
  if (expected.genesisHash) return expected.genesisHash
  const known = KNOWN_GENESIS[expected.cluster as keyof typeof KNOWN_GENESIS]
  if (!known)
    throw new ClusterMismatchError(
      `no genesis hash known for cluster "${expected.cluster}"; pass the ledger's own`,
    )
  return known
}

/**
 * Refuses to go on when the RPC serves another cluster than the one configured (a devnet signature must never
 * pay for anything on mainnet-beta). Call it at start-up; it throws {@link ClusterMismatchError} on a mismatch
 * and LedgerUnavailable when the RPC cannot be reached.
 * @returns the RPC's genesis hash
 */
export async function assertCluster(
  rpc: RpcClient,
  expected: { cluster: ClusterName | string; genesisHash?: string },
): Promise<string> {
  const want = expectedGenesis(expected)
  const got = await rpc.call<string>('getGenesisHash')
  if (got !== want) {
    throw new ClusterMismatchError(
      `RPC ${rpc.url} serves genesis ${got}, but cluster "${expected.cluster}" has genesis ${want}; refusing to start`,
    )
  }
  return got
}
