import {
  ComputeBudgetProgram,
  Keypair,
  LAMPORTS_PER_SOL,
  SystemProgram,
  TransactionMessage,
  VersionedTransaction,
  sendAndConfirmTransaction,
  type ParsedInstruction,
} from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { confirm, memo, startTestLedger, transferTx, type TestLedger } from './test-kit'

let t: TestLedger
beforeAll(async () => {
  t = await startTestLedger()
})
afterAll(() => t.close())

describe('the local ledger through web3.js Connection', () => {
  it('airdrops lamports that a confirmed getBalance then shows', async () => {
    const kp = Keypair.generate()
    const sig = await t.connection.requestAirdrop(kp.publicKey, 3 * LAMPORTS_PER_SOL)
    await confirm(t.connection, sig)
    expect(await t.connection.getBalance(kp.publicKey)).toBe(3 * LAMPORTS_PER_SOL)
    const status = await t.connection.getSignatureStatus(sig)
    expect(status.value?.confirmationStatus).toMatch(/confirmed|finalized/)
  })

  it('confirms a transfer sent with sendAndConfirmTransaction over the websocket', async () => {
    const from = await t.funded()
    const to = Keypair.generate().publicKey
    const tx = (await transferTx(t.connection, from, [{ to, lamports: 1_000_000 }])).compileMessage()
    // A recent blockhash, not necessarily the latest: with 50 ms slots a new one may come between two calls.
    expect((await t.connection.isBlockhashValid(tx.recentBlockhash)).value).toBe(true)
    const sig = await sendAndConfirmTransaction(
      t.connection,
      (await import('@solana/web3.js')).Transaction.populate(tx),
      [from],
    )
    expect(sig).toBeTypeOf('string')
    expect(await t.connection.getBalance(to)).toBe(1_000_000)
    expect(await t.connection.getBalance(from.publicKey)).toBe(2 * LAMPORTS_PER_SOL - 1_000_000 - 5000)
  })

  it('records a transfer with a memo, parsed as system transfer and spl-memo', async () => {
    const from = await t.funded()
    const to = Keypair.generate().publicKey
    const tx = await transferTx(
      t.connection,
      from,
      [{ to, lamports: 2_000_000 }],
      [memo('campaign:42 donation')],
    )
    const sig = await t.connection.sendRawTransaction(tx.serialize())
    await confirm(t.connection, sig)
    const parsed = await t.connection.getParsedTransaction(sig, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    })
    expect(parsed?.meta?.err).toBeNull()
    expect(parsed?.meta?.fee).toBe(5000)
    const [transfer, note] = parsed!.transaction.message.instructions as ParsedInstruction[]
    expect(transfer).toMatchObject({
      program: 'system',
      parsed: {
        type: 'transfer',
        info: { source: from.publicKey.toBase58(), destination: to.toBase58(), lamports: 2_000_000 },
      },
    })
    expect(note).toMatchObject({ program: 'spl-memo', parsed: 'campaign:42 donation' })
    expect(parsed?.meta?.logMessages).toContain('Program log: campaign:42 donation')
    const history = await t.connection.getSignaturesForAddress(to, {}, 'confirmed')
    expect(history[0]).toMatchObject({ signature: sig, memo: '[20] campaign:42 donation', err: null })
  })

  it('shows pre and post balances and fee in getParsedTransaction', async () => {
    const from = await t.funded()
    const to = Keypair.generate().publicKey
    const tx = await transferTx(t.connection, from, [{ to, lamports: 5_000_000 }])
    const sig = await t.connection.sendRawTransaction(tx.serialize())
    await confirm(t.connection, sig)
    const got = await t.connection.getParsedTransaction(sig, 'confirmed')
    expect(got?.slot).toBeGreaterThan(0)
    expect(got?.blockTime).toBeGreaterThan(1_700_000_000)
    expect(got?.meta?.preBalances.slice(0, 2)).toEqual([2 * LAMPORTS_PER_SOL, 0])
    expect(got?.meta?.postBalances.slice(0, 2)).toEqual([2 * LAMPORTS_PER_SOL - 5_000_000 - 5000, 5_000_000])
    const keys = got!.transaction.message.accountKeys
    expect(keys[0]).toMatchObject({ pubkey: from.publicKey, signer: true, writable: true })
    expect(keys[2]).toMatchObject({ signer: false, writable: false })
  })

  it('executes a v0 transaction with a compute-budget instruction and reports its version', async () => {
    const from = await t.funded()
    const to = Keypair.generate().publicKey
    const { blockhash } = await t.connection.getLatestBlockhash()
    const message = new TransactionMessage({
      payerKey: from.publicKey,
      recentBlockhash: blockhash,
      instructions: [
        ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1000 }),
        SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports: 3_000_000 }),
      ],
    }).compileToV0Message()
    const tx = new VersionedTransaction(message)
    tx.sign([from])
    const sig = await t.connection.sendTransaction(tx)
    await confirm(t.connection, sig)
    const got = await t.connection.getTransaction(sig, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    })
    expect(got?.version).toBe(0)
    expect(got?.meta?.fee).toBe(5000 + 200) // 1000 µlamports × 200k default units
    expect(await t.connection.getBalance(to)).toBe(3_000_000)
    await expect(t.connection.getTransaction(sig, { commitment: 'confirmed' } as never)).rejects.toThrow(
      /maxSupportedTransactionVersion/,
    )
  })

  it('walks a transaction from processed to confirmed to finalized', async () => {
    const from = await t.funded()
    const tx = await transferTx(t.connection, from, [
      { to: Keypair.generate().publicKey, lamports: 1_000_000 },
    ])
    const sig = await t.connection.sendRawTransaction(tx.serialize())
    const seen = new Set<string>()
    for (let i = 0; i < 200 && !seen.has('finalized'); i++) {
      const s = await t.connection.getSignatureStatus(sig)
      if (s.value?.confirmationStatus) seen.add(s.value.confirmationStatus)
      await new Promise((r) => setTimeout(r, 20))
    }
    expect(seen.has('finalized')).toBe(true)
    expect(seen.size).toBeGreaterThanOrEqual(2)
  })

  it('answers the cluster methods web3.js and the server call', async () => {
    const c = t.connection
    expect(await c.getGenesisHash()).toBe(t.ledger.genesisHash)
    expect((await c.getVersion())['solana-core']).toMatch(/^\d/)
    expect(await c.getMinimumBalanceForRentExemption(0)).toBe(890_880)
    const slot = await c.getSlot()
    await new Promise((r) => setTimeout(r, 120))
    expect(await c.getSlot()).toBeGreaterThan(slot)
    expect((await c.getEpochInfo()).absoluteSlot).toBeGreaterThanOrEqual(slot)
    const { blockhash, lastValidBlockHeight } = await c.getLatestBlockhash()
    expect(lastValidBlockHeight - (await c.getBlockHeight())).toBeLessThanOrEqual(150)
    expect((await c.isBlockhashValid(blockhash)).value).toBe(true)
    const kp = await t.funded(1)
    const msg = (await transferTx(c, kp, [{ to: kp.publicKey, lamports: 1 }])).compileMessage()
    expect((await c.getFeeForMessage(msg)).value).toBe(5000)
    const infos = await c.getMultipleAccountsInfo([kp.publicKey, Keypair.generate().publicKey])
    expect(infos[0]?.lamports).toBe(LAMPORTS_PER_SOL)
    expect(infos[1]).toBeNull()
  })

  it('tells slot subscribers about each new slot', async () => {
    const slots: number[] = []
    const id = t.connection.onSlotChange((info) => slots.push(info.slot))
    while (slots.length < 3) await new Promise((r) => setTimeout(r, 20))
    await t.connection.removeSlotChangeListener(id)
    expect(slots[1]! - slots[0]!).toBe(1)
  })

  it('notifies an account subscriber when its balance changes', async () => {
    const kp = Keypair.generate()
    const changed = new Promise<number>((resolve) =>
      t.connection.onAccountChange(kp.publicKey, (acc) => resolve(acc.lamports), 'confirmed'),
    )
    await new Promise((r) => setTimeout(r, 50))
    await t.connection.requestAirdrop(kp.publicKey, LAMPORTS_PER_SOL)
    expect(await changed).toBe(LAMPORTS_PER_SOL)
  })
})
