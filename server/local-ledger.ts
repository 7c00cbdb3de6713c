// Starts the embedded local ledger (ledger-sim/) for SOLANA_CLUSTER=local.
import path from 'node:path'
import type { Config } from './config'
import type { MountableLedger } from './plugins/rpc-mount'

export interface LocalLedger extends MountableLedger {
  rpcUrl: string
  close(): Promise<void>
}

/** The running ledger, or undefined while ledger-sim/index.ts does not exist yet (the caller logs it). */
export async function startLocalLedger(config: Config): Promise<LocalLedger | undefined> {
  const modulePath = '../ledger-sim/index.ts'
  let ledgerModule: { startLedger(options: { port: number; dataDir?: string }): Promise<LocalLedger> }
  try {
    ledgerModule = await import(modulePath)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error
    return undefined
  }
  return ledgerModule.startLedger({ port: config.ledgerPort, dataDir: path.join(config.dataDir, 'ledger') })
}
