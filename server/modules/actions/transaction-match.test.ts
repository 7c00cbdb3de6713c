import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import { type CompiledIx, type JsonTx, paysReference } from './transaction-match'

const SYSTEM = '11111111111111111111111111111111'
const MEMO = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'
const [payer, forger, recipient, reference] = ['Payer111', 'Forger11', 'Recipient', 'Reference']
const ref = { reference: reference!, payerWallet: payer!, recipientWallet: recipient! }

function transferData(lamports: number, index = 2): string {
  const bytes = new Uint8Array(12)
  const view = new DataView(bytes.buffer)
  view.setUint32(0, index, true)
  view.setBigUint64(4, BigInt(lamports), true)
  return bs58.encode(bytes)
}

/** keys: [payer, forger, recipient, reference, System, Memo]; payer and forger sign. */
function tx(instructions: CompiledIx[], err: unknown = null, signers = 2): JsonTx {
  return {
    slot: 1,
    meta: { err },
    transaction: {
      message: {
        accountKeys: [payer!, forger!, recipient!, reference!, SYSTEM, MEMO],
        header: { numRequiredSignatures: signers },
        instructions,
      },
    },
  }
}
const transfer = (from: number, to: number, extra: number[], data = transferData(1_000_000)): CompiledIx => ({
  programIdIndex: 4,
  accounts: [from, to, ...extra],
  data,
})

describe('paysReference', () => {
  it('accepts a transfer from the signing payer to the recipient that carries the reference', () => {
    expect(paysReference(tx([transfer(0, 2, [3])]), ref)).toBe(true)
  })

  it('refuses a transaction that only mentions the reference', () => {
    expect(paysReference(tx([transfer(0, 2, [])]), ref)).toBe(false) // not on the transfer
    expect(paysReference(tx([transfer(0, 2, []), { programIdIndex: 5, accounts: [3], data: '' }]), ref)).toBe(
      false,
    )
    expect(paysReference(tx([transfer(1, 2, [3])]), ref)).toBe(false) // another payer
    expect(paysReference(tx([transfer(0, 1, [3])]), ref)).toBe(false) // another recipient
    expect(paysReference(tx([transfer(0, 2, [3], transferData(1, 0))]), ref)).toBe(false) // CreateAccount
    expect(paysReference(tx([{ ...transfer(0, 2, [3]), programIdIndex: 5 }]), ref)).toBe(false) // not System
  })

  it('refuses a failed transaction and a payer that did not sign', () => {
    expect(paysReference(tx([transfer(0, 2, [3])], { InstructionError: [0, { Custom: 1 }] }), ref)).toBe(
      false,
    )
    expect(paysReference(tx([transfer(1, 2, [3])], null, 1), { ...ref, payerWallet: forger! })).toBe(false)
  })
})
