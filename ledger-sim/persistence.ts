import fs from 'node:fs'
import path from 'node:path'
import { LiteSvm } from 'litesvm/dist/internal.js'
import { ChainState, type ChainSnapshot } from './chain-state'
import type { TxRecord } from './records'

const files = (dir: string) => ({
  svm: path.join(dir, 'ledger.svm'),
  state: path.join(dir, 'ledger-state.json'),
  txs: path.join(dir, 'transactions.ndjson'),
})

/**
 * Opens the chain kept in `dir`, or creates one (with a new random genesis hash, kept from then on).
 * Files: `ledger.svm` (LiteSVM snapshot: accounts, sysvars), `ledger-state.json` (genesis hash, faucet key,
 * slot, recent blockhashes) and `transactions.ndjson` (one landed transaction per line, append-only).
 */
export function loadChain(dir: string): ChainState {
  fs.mkdirSync(dir, { recursive: true })
  const f = files(dir)
  if (!fs.existsSync(f.state) || !fs.existsSync(f.svm)) {
    const chain = new ChainState()
    fs.rmSync(f.txs, { force: true })
    saveChain(chain, dir)
    return chain
  }
  const meta = JSON.parse(fs.readFileSync(f.state, 'utf8')) as Omit<ChainSnapshot, 'svm' | 'records'>
  const records: TxRecord[] = []
  if (fs.existsSync(f.txs)) {
    for (const line of fs.readFileSync(f.txs, 'utf8').split('\n')) {
      if (!line) continue
      try {
        records.push(JSON.parse(line) as TxRecord)
      } catch {
        // a torn last line after a crash: that transaction's effects were not snapshotted either
      }
    }
  }
  return new ChainState({ ...meta, svm: LiteSvm.loadFromFile(f.svm), records })
}

function writeAtomic(file: string, write: (tmp: string) => void): void {
  const tmp = `${file}.tmp`
  write(tmp)
  fs.renameSync(tmp, file)
}

/** Writes what changed: new transaction records first, then the account snapshot and the slot. */
export function saveChain(chain: ChainState, dir: string): void {
  const f = files(dir)
  if (chain.unsaved.length > 0) {
    fs.appendFileSync(f.txs, chain.unsaved.map((r) => JSON.stringify(r) + '\n').join(''))
    chain.unsaved.length = 0
  }
  writeAtomic(f.svm, (tmp) => chain.svm.saveToFile(tmp))
  writeAtomic(f.state, (tmp) => fs.writeFileSync(tmp, JSON.stringify(chain.snapshotMeta())))
  chain.dirty = false
}
