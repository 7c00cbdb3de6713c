import { describe, expect, it } from 'vitest'
import { clusterLabel } from './cluster'

describe('the cluster label', () => {
  it('names every ledger the app runs on, the local one included, and nothing before the config is known', () => {
    expect(clusterLabel('devnet')).toBe('Devnet')
    expect(clusterLabel('mainnet-beta')).toBe('Mainnet')
    expect(clusterLabel('local')).toBe('Local')
    expect(clusterLabel(null)).toBeNull()
  })
})
