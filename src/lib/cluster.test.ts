import { describe, expect, it } from 'vitest'
import { clusterLabel } from './cluster'

describe('the cluster label', () => {
  it('names devnet and mainnet as the spec does and shows nothing on the local ledger', () => {
    expect(clusterLabel('devnet')).toBe('Devnet')
    expect(clusterLabel('mainnet-beta')).toBe('Mainnet')
    expect(clusterLabel('local')).toBeNull()
    expect(clusterLabel(null)).toBeNull()
  })
})
