// `npm run ledger`: the local ledger on its own. LEDGER_PORT (default 8899; the websocket is on the next port),
// DATA_DIR (default ./data; the chain lives in DATA_DIR/ledger), LEDGER_MEMORY=1 for a throwaway chain.
import fs from 'node:fs'
import path from 'node:path'
import { Connection, Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js'
import bs58 from 'bs58'
import { startLedger } from './index'

const port = Number(process.env.LEDGER_PORT ?? 8899)
const dataDir =
  process.env.LEDGER_MEMORY === '1'
    ? undefined
    : path.join(path.resolve(process.env.DATA_DIR || './data'), 'ledger')
const ledger = await startLedger({ port, host: process.env.LEDGER_HOST, dataDir })

// A funded key to try things with, kept beside the chain so it stays funded across restarts.
const keyFile = dataDir && path.join(dataDir, 'test-key.json')
const key =
  keyFile && fs.existsSync(keyFile)
    ? Keypair.fromSecretKey(bs58.decode(JSON.parse(fs.readFileSync(keyFile, 'utf8')).secretKey as string))
    : Keypair.generate()
if (keyFile)
  fs.writeFileSync(
    keyFile,
    JSON.stringify({ secretKey: bs58.encode(key.secretKey), address: key.publicKey.toBase58() }),
  )
const connection = new Connection(ledger.rpcUrl, 'confirmed')
if ((await connection.getBalance(key.publicKey)) < LAMPORTS_PER_SOL) {
  await connection.requestAirdrop(key.publicKey, 10 * LAMPORTS_PER_SOL)
}

console.log(`Local ledger (LiteSVM) ready
  JSON-RPC      ${ledger.rpcUrl}
  websocket     ${ledger.wsUrl}
  genesis hash  ${ledger.genesisHash}
  data          ${dataDir ?? '(memory only)'}
  test key      ${key.publicKey.toBase58()}
  secret (bs58) ${bs58.encode(key.secretKey)}`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void ledger.close().then(() => process.exit(0)))
}
