import { Keypair, SystemProgram, type VersionedTransaction } from '@solana/web3.js'
import { describe, expect, test, vi } from 'vitest'
import { pay, type PayDeps } from './pay'

const payer = Keypair.generate().publicKey
const recipient = Keypair.generate().publicKey.toBase58()
const platform = Keypair.generate().publicKey.toBase58()
const blockhash = Keypair.generate().publicKey.toBase58()

function deps(
  overrides: { simulateErr?: unknown; logs?: string[]; confirmErr?: unknown; sendError?: Error } = {},
) {
  const order: string[] = []
  const connection = {
    getLatestBlockhash: vi.fn(async () => ({ blockhash, lastValidBlockHeight: 100 })),
    simulateTransaction: vi.fn(async () => {
      order.push('simulate')
      return { value: { err: overrides.simulateErr ?? null, logs: overrides.logs ?? [] } }
    }),
    confirmTransaction: vi.fn(async () => {
      order.push('confirm')
      return { value: { err: overrides.confirmErr ?? null } }
    }),
  }
  const sendTransaction = vi.fn(async (_tx: VersionedTransaction) => {
    order.push('send')
    if (overrides.sendError) throw overrides.sendError
    return 'SiGnAtUrE'
  })
  return {
    order,
    connection,
    sendTransaction,
    deps: { connection, payer, sendTransaction } as unknown as PayDeps,
  }
}

describe('pay', () => {
  test('sends donation and tip as two System transfers in one transaction, simulated before the wallet signs', async () => {
    const { order, sendTransaction, deps: d } = deps()
    const signature = await pay(d, [
      { to: recipient, lamports: 500_000_000n },
      { to: platform, lamports: 30_000_000n },
    ])
    expect(signature).toBe('SiGnAtUrE')
    expect(order).toEqual(['simulate', 'send', 'confirm'])
    expect(sendTransaction).toHaveBeenCalledTimes(1)
    const tx = sendTransaction.mock.calls[0]![0]
    const keys = tx.message.staticAccountKeys.map((key) => key.toBase58())
    const transfers = tx.message.compiledInstructions.map((ix) => {
      expect(keys[ix.programIdIndex]).toBe(SystemProgram.programId.toBase58())
      const data = Buffer.from(ix.data)
      expect(data.readUInt32LE(0)).toBe(2) // SystemInstruction::Transfer
      return { to: keys[ix.accountKeyIndexes[1]!], lamports: data.readBigUInt64LE(4) }
    })
    expect(transfers).toEqual([
      { to: recipient, lamports: 500_000_000n },
      { to: platform, lamports: 30_000_000n },
    ])
    expect(keys[0]).toBe(payer.toBase58())
  })

  test('leaves out a zero tip', async () => {
    const { sendTransaction, deps: d } = deps()
    await pay(d, [
      { to: recipient, lamports: 100_000_000n },
      { to: platform, lamports: 0n },
    ])
    expect(sendTransaction.mock.calls[0]![0].message.compiledInstructions).toHaveLength(1)
  })

  test('never asks the wallet to sign when the simulation says the funds are short', async () => {
    const { order, deps: d } = deps({
      simulateErr: { InstructionError: [0, { Custom: 1 }] },
      logs: ['Transfer: insufficient lamports 10, need 500000000'],
    })
    await expect(pay(d, [{ to: recipient, lamports: 500_000_000n }])).rejects.toThrow(
      'You do not have enough SOL.',
    )
    expect(order).toEqual(['simulate'])
  })

  test('maps a refused signature and a failed confirmation to the spec texts', async () => {
    const refused = deps({ sendError: new Error('User rejected the request.') })
    await expect(pay(refused.deps, [{ to: recipient, lamports: 1_000_000n }])).rejects.toThrow(
      'Transaction failed to send: User rejected the request.',
    )
    const failed = deps({ confirmErr: { InstructionError: [0, 'InsufficientFunds'] } })
    await expect(pay(failed.deps, [{ to: recipient, lamports: 1_000_000n }])).rejects.toThrow(
      'You do not have enough SOL to complete this donation.',
    )
  })
})
