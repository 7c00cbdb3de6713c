import { Keypair, LAMPORTS_PER_SOL, SendTransactionError, SystemProgram, Transaction } from '@solana/web3.js'
import bs58 from 'bs58'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { confirm, startTestLedger, transferTx, type TestLedger } from './test-kit'

let t: TestLedger
beforeAll(async () => {
  t = await startTestLedger()
})
afterAll(() => t.close())

async function sendError(bytes: Buffer, skipPreflight = false): Promise<SendTransactionError> {
  try {
    await t.connection.sendRawTransaction(bytes, { skipPreflight })
  } catch (e) {
    return e as SendTransactionError
  }
  throw new Error('the ledger accepted the transaction')
}

async function rpc(body: unknown) {
  const res = await fetch(t.ledger.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return (await res.json()) as Record<string, unknown> & {
    error?: { code: number; message: string; data?: { logs?: string[] } }
  }
}

describe("the local ledger answers with Solana's own error codes and texts", () => {
  it('fails preflight with "insufficient lamports" in the logs when a transfer exceeds the balance', async () => {
    const from = await t.funded(1)
    const tx = await transferTx(t.connection, from, [
      { to: Keypair.generate().publicKey, lamports: 5 * LAMPORTS_PER_SOL },
    ])
    const err = await sendError(tx.serialize())
    expect(err).toBeInstanceOf(SendTransactionError)
    expect(err.message).toContain(
      'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
    )
    expect((await err.getLogs(t.connection))?.join('\n')).toMatch(
      /Transfer: insufficient lamports \d+, need 5000000000/,
    )
    const raw = await rpc({
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [tx.serialize().toString('base64'), { encoding: 'base64' }],
    })
    expect(raw.error?.code).toBe(-32002)
    expect(raw.error?.data).toMatchObject({ err: { InstructionError: [0, { Custom: 1 }] } })
    expect(await t.connection.getBalance(from.publicKey)).toBe(LAMPORTS_PER_SOL) // preflight failures cost nothing
  })

  it('lands a failing transfer sent with skipPreflight as a failed transaction that paid its fee', async () => {
    const from = await t.funded(1)
    const tx = await transferTx(t.connection, from, [
      { to: Keypair.generate().publicKey, lamports: 5 * LAMPORTS_PER_SOL },
    ])
    const sig = await t.connection.sendRawTransaction(tx.serialize(), { skipPreflight: true })
    // web3.js either resolves with value.err or rejects with the error itself, depending on which path saw it first
    const failure = await confirm(t.connection, sig).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(JSON.stringify(failure) + String(failure)).toContain('InstructionError')
    let got = null
    for (let i = 0; i < 50 && !got; i++) {
      got = await t.connection.getTransaction(sig, {
        commitment: 'confirmed',
        maxSupportedTransactionVersion: 0,
      })
      if (!got) await new Promise((r) => setTimeout(r, 20))
    }
    expect(got?.meta?.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(await t.connection.getBalance(from.publicKey)).toBe(LAMPORTS_PER_SOL - 5000)
  })

  it('refuses a transaction sent twice with "This transaction has already been processed"', async () => {
    const from = await t.funded(1)
    const tx = await transferTx(t.connection, from, [
      { to: Keypair.generate().publicKey, lamports: 1_000_000 },
    ])
    await confirm(t.connection, await t.connection.sendRawTransaction(tx.serialize()))
    const err = await sendError(tx.serialize())
    expect(err.message).toContain(
      'Transaction simulation failed: This transaction has already been processed',
    )
  })

  it('refuses a fee payer with no account: "Attempt to debit an account but found no record of a prior credit."', async () => {
    const nobody = Keypair.generate()
    const tx = await transferTx(t.connection, nobody, [{ to: Keypair.generate().publicKey, lamports: 1 }])
    const err = await sendError(tx.serialize())
    expect(err.message).toContain(
      'Transaction simulation failed: Attempt to debit an account but found no record of a prior credit.',
    )
  })

  it('refuses an unknown blockhash with "Blockhash not found"', async () => {
    const from = await t.funded(1)
    const tx = new Transaction({
      feePayer: from.publicKey,
      recentBlockhash: bs58.encode(Buffer.alloc(32, 7)),
    })
    tx.add(
      SystemProgram.transfer({
        fromPubkey: from.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 1_000_000,
      }),
    )
    tx.sign(from)
    const err = await sendError(tx.serialize())
    expect(err.message).toContain('Transaction simulation failed: Blockhash not found')
    expect((await t.connection.isBlockhashValid(tx.recentBlockhash!)).value).toBe(false)
  })

  it('refuses a blockhash older than 150 blocks with "Blockhash not found"', async () => {
    const fast = await startTestLedger({ slotMs: 4 })
    try {
      const from = await fast.funded(1)
      const { blockhash, lastValidBlockHeight } = await fast.connection.getLatestBlockhash()
      const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: blockhash })
      tx.add(
        SystemProgram.transfer({
          fromPubkey: from.publicKey,
          toPubkey: Keypair.generate().publicKey,
          lamports: 1_000_000,
        }),
      )
      tx.sign(from)
      while ((await fast.connection.getBlockHeight()) <= lastValidBlockHeight)
        await new Promise((r) => setTimeout(r, 50))
      await expect(fast.connection.sendRawTransaction(tx.serialize())).rejects.toThrow(
        'Transaction simulation failed: Blockhash not found',
      )
    } finally {
      await fast.close()
    }
  })

  it('refuses a transaction whose signature does not match with -32003', async () => {
    const from = await t.funded(1)
    const tx = await transferTx(t.connection, from, [
      { to: Keypair.generate().publicKey, lamports: 1_000_000 },
    ])
    const bytes = tx.serialize()
    bytes[10] = (bytes[10] ?? 0) ^ 0xff
    const raw = await rpc({
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [bytes.toString('base64'), { encoding: 'base64' }],
    })
    expect(raw.error).toMatchObject({ code: -32003, message: 'Transaction signature verification failure' })
  })

  it('caps an airdrop at 10 SOL like a faucet', async () => {
    await expect(
      t.connection.requestAirdrop(Keypair.generate().publicKey, 11 * LAMPORTS_PER_SOL),
    ).rejects.toThrow(/airdrop request too large/)
  })

  it('simulates without committing and reports the failure', async () => {
    const from = await t.funded(1)
    const tx = await transferTx(t.connection, from, [
      { to: Keypair.generate().publicKey, lamports: 5 * LAMPORTS_PER_SOL },
    ])
    const sim = await t.connection.simulateTransaction(tx)
    expect(sim.value.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(sim.value.logs?.join('\n')).toContain('insufficient lamports')
    expect(await t.connection.getBalance(from.publicKey)).toBe(LAMPORTS_PER_SOL)
  })

  it('answers batches, unknown methods, bad JSON and CORS preflights as a node does', async () => {
    const batch = (await rpc([
      { jsonrpc: '2.0', id: 1, method: 'getHealth' },
      { jsonrpc: '2.0', id: 2, method: 'noSuchMethod' },
      { jsonrpc: '2.0', id: 3, method: 'getBalance', params: ['not-a-key'] },
    ])) as unknown as { id: number; result?: unknown; error?: { code: number } }[]
    expect(batch.map((r) => r.result ?? r.error?.code)).toEqual(['ok', -32601, -32602])
    const bad = await fetch(t.ledger.rpcUrl, { method: 'POST', body: '{nope' })
    expect(((await bad.json()) as { error: { code: number } }).error.code).toBe(-32700)
    const pre = await fetch(t.ledger.rpcUrl, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,solana-client',
      },
    })
    expect(pre.status).toBe(204)
    expect(pre.headers.get('access-control-allow-origin')).toBe('*')
    expect(pre.headers.get('access-control-allow-headers')).toContain('solana-client')
    expect(await t.ledger.handleRpc({ jsonrpc: '2.0', id: 9, method: 'getGenesisHash' })).toEqual({
      jsonrpc: '2.0',
      result: t.ledger.genesisHash,
      id: 9,
    })
  })
})
