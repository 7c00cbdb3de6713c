// Starts the embedded local ledger (ledger-sim/) for SOLANA_CLUSTER=local.
import path from 'node:path'
import { startLedger, type RunningLedger } from '../ledger-sim'
import type { Config } from './config'

export function startLocalLedger(config: Pick<Config, 'ledgerPort' | 'dataDir'>): Promise<RunningLedger> {
  return startLedger({ port: config.ledgerPort, dataDir: path.join(config.dataDir, 'ledger') })
}
