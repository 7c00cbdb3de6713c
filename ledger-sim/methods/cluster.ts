import type { ChainState } from '../chain-state'
import { SLOTS_PER_EPOCH } from '../chain-state'
import { feeFor } from '../executor'
import { invalidParams } from '../errors'
import { parseMessage, TxParseError } from '../tx-parse'
import { type Params } from './params'

export const withContext = (chain: ChainState, value: unknown) => ({
  context: { apiVersion: '2.2.0', slot: chain.slot },
  value,
})

/** Cluster-level methods: clock, blockhashes, fees, identity. */
export function clusterMethods(chain: ChainState) {
  return {
    getLatestBlockhash: () =>
      withContext(chain, {
        blockhash: chain.latestBlockhash,
        lastValidBlockHeight: chain.lastValidBlockHeight(),
      }),
    isBlockhashValid: (p: Params) =>
      withContext(chain, typeof p[0] === 'string' && chain.isBlockhashValid(p[0])),
    getSlot: () => chain.slot,
    getBlockHeight: () => chain.blockHeight,
    getEpochInfo: () => ({
      absoluteSlot: chain.slot,
      blockHeight: chain.blockHeight,
      epoch: Math.floor(chain.slot / SLOTS_PER_EPOCH),
      slotIndex: chain.slot % SLOTS_PER_EPOCH,
      slotsInEpoch: SLOTS_PER_EPOCH,
      transactionCount: chain.records.size,
    }),
    getGenesisHash: () => chain.genesisHash,
    // No fee market here: every recent slot's minimum priority fee is 0.
    getRecentPrioritizationFees: () => [{ slot: chain.slot, prioritizationFee: 0 }],
    getVersion: () => ({ 'solana-core': '2.2.0', 'feature-set': 3294202862 }),
    getHealth: () => 'ok',
    getIdentity: () => ({ identity: chain.faucetAddress }),
    getMinimumBalanceForRentExemption: (p: Params) => {
      const len = p[0] ?? 0
      if (typeof len !== 'number' || !Number.isInteger(len) || len < 0)
        throw invalidParams('Invalid params: invalid data length')
      return Number(chain.svm.minimumBalanceForRentExemption(BigInt(len)))
    },
    getFeeForMessage: (p: Params) => {
      if (typeof p[0] !== 'string') throw invalidParams('Invalid params: expected a base64 message')
      try {
        const m = parseMessage(Buffer.from(p[0], 'base64'))
        return withContext(chain, chain.isBlockhashValid(m.recentBlockhash) ? feeFor(m) : null)
      } catch (e) {
        if (e instanceof TxParseError) throw invalidParams(`invalid message: ${e.message}`)
        throw e
      }
    },
  }
}
