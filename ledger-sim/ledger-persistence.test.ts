import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js'
import { afterAll, describe, expect, it } from 'vitest'
import { confirm, memo, startTestLedger, transferTx, type TestLedger } from './test-kit'
import { associatedTokenAccount } from './token-faucet'

const dirs: string[] = []
const tmpDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-'))
  dirs.push(d)
  return d
}
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })))

describe('the local ledger on a data directory', () => {
  it('keeps balances, transactions and its genesis hash across a restart', async () => {
    const dataDir = tmpDir()
    const first = await startTestLedger({ dataDir })
    const from = await first.funded(3)
    const to = Keypair.generate().publicKey
    const tx = await transferTx(first.connection, from, [{ to, lamports: LAMPORTS_PER_SOL }], [memo('kept')])
    const sig = await first.connection.sendRawTransaction(tx.serialize())
    await confirm(first.connection, sig)
    const genesis = first.ledger.genesisHash
    const slot = await first.connection.getSlot()
    await first.close()

    const second = await startTestLedger({ dataDir })
    try {
      expect(second.ledger.genesisHash).toBe(genesis)
      expect(await second.connection.getGenesisHash()).toBe(genesis)
      expect(await second.connection.getSlot()).toBeGreaterThanOrEqual(slot)
      expect(await second.connection.getBalance(to)).toBe(LAMPORTS_PER_SOL)
      expect(await second.connection.getBalance(from.publicKey)).toBe(2 * LAMPORTS_PER_SOL - 5000)
      const got = await second.connection.getParsedTransaction(sig, {
        commitment: 'confirmed',
        maxSupportedTransactionVersion: 0,
      })
      expect(got?.meta?.err).toBeNull()
      expect(got?.meta?.postBalances[1]).toBe(LAMPORTS_PER_SOL)
      // the same bytes are still a duplicate after the restart
      await expect(second.connection.sendRawTransaction(tx.serialize())).rejects.toThrow(
        'This transaction has already been processed',
      )
      // and the chain goes on
      const more = await transferTx(second.connection, from, [{ to, lamports: 1000 }])
      await confirm(second.connection, await second.connection.sendRawTransaction(more.serialize()))
      expect(await second.connection.getBalance(to)).toBe(LAMPORTS_PER_SOL + 1000)
    } finally {
      await second.close()
    }
  })

  it('keeps its test USDC mint, its authority and the balances minted across a restart', async () => {
    const dataDir = tmpDir()
    const owner = Keypair.generate().publicKey
    const mintUsdc = async (ledger: TestLedger, amount: number) => {
      const signature = await ledger.ledger.handleRpc({
        jsonrpc: '2.0',
        id: 1,
        method: 'requestTokenAirdrop',
        params: [owner.toBase58(), amount],
      })
      await confirm(ledger.connection, (signature as { result: string }).result)
    }
    const first = await startTestLedger({ dataDir })
    const mint = first.ledger.usdcMint
    await mintUsdc(first, 7_000_000)
    const account = associatedTokenAccount(owner, new PublicKey(mint))
    expect((await first.connection.getTokenAccountBalance(account)).value.uiAmountString).toBe('7')
    await first.close()

    const second = await startTestLedger({ dataDir })
    try {
      expect(second.ledger.usdcMint).toBe(mint)
      const info = await second.connection.getParsedAccountInfo(new PublicKey(mint))
      expect(info.value?.data).toMatchObject({
        parsed: { type: 'mint', info: { decimals: 6, supply: '7000000' } },
      })
      // the authority was kept too: it still mints
      await mintUsdc(second, 1_000_000)
      expect((await second.connection.getTokenAccountBalance(account)).value.uiAmountString).toBe('8')
    } finally {
      await second.close()
    }
  })

  it('gives every new data directory its own genesis hash and test USDC mint', async () => {
    const a = await startTestLedger({ dataDir: tmpDir() })
    const b = await startTestLedger({ dataDir: tmpDir() })
    expect(a.ledger.genesisHash).not.toBe(b.ledger.genesisHash)
    expect(a.ledger.usdcMint).not.toBe(b.ledger.usdcMint)
    await Promise.all([a.close(), b.close()])
  })
})
