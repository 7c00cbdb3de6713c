import { Keypair } from '@solana/web3.js'
import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import { associatedTokenAddress, TOKEN_PROGRAM_ID, transferChecked } from '../../../api-contract/usdc-gift'
import { type CompiledIx, type JsonTx, paysReference } from './transaction-match'

const SYSTEM = '11111111111111111111111111111111'
const MEMO = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'
const [payer, forger, recipient, reference] = ['Payer111', 'Forger11', 'Recipient', 'Reference']
const ref = {
  reference: reference!,
  currency: 'SOL' as const,
  payerWallet: payer!,
  recipientWallet: recipient!,
}

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

  describe('a USDC reference', () => {
    const [donor, campaign, mint, usdcReference, other] = Array.from(
      { length: 5 },
      () => Keypair.generate().publicKey,
    )
    const usdcRef = {
      reference: usdcReference!.toBase58(),
      currency: 'USDC' as const,
      payerWallet: donor!.toBase58(),
      recipientWallet: campaign!.toBase58(),
    }
    /** A json transaction of one TransferChecked built by the gift builder, the donor its only signer. */
    const usdcTx = (to = campaign!, withMint = mint!, references = [usdcReference!]): JsonTx => {
      const ix = transferChecked({
        from: donor!,
        to,
        mint: withMint,
        amount: 5_000_000n,
        decimals: 6,
        references,
      })
      const keys = [
        donor!,
        ...ix.keys.map((k) => k.pubkey).filter((k) => !k.equals(donor!)),
        TOKEN_PROGRAM_ID,
      ].map((k) => k.toBase58())
      return {
        slot: 1,
        meta: { err: null },
        transaction: {
          message: {
            accountKeys: keys,
            header: { numRequiredSignatures: 1 },
            instructions: [
              {
                programIdIndex: keys.length - 1,
                accounts: ix.keys.map((k) => keys.indexOf(k.pubkey.toBase58())),
                data: bs58.encode(ix.data),
              },
            ],
          },
        },
      }
    }

    it("accepts the donor's TransferChecked into the campaign's USDC account carrying the reference", () => {
      expect(paysReference(usdcTx(), usdcRef, mint!.toBase58())).toBe(true)
      expect(associatedTokenAddress(campaign!, mint!).toBase58()).toBe(
        usdcTx().transaction.message.accountKeys[3],
      )
    })

    it('refuses another mint, another recipient, a transfer without the reference, or no known mint', () => {
      expect(paysReference(usdcTx(campaign!, other!), usdcRef, mint!.toBase58())).toBe(false)
      expect(paysReference(usdcTx(other!), usdcRef, mint!.toBase58())).toBe(false)
      expect(paysReference(usdcTx(campaign!, mint!, []), usdcRef, mint!.toBase58())).toBe(false)
      expect(paysReference(usdcTx(), usdcRef, undefined)).toBe(false)
      // a SOL reference is not paid by a token transfer
      expect(paysReference(usdcTx(), { ...usdcRef, currency: 'SOL' }, mint!.toBase58())).toBe(false)
    })
  })
})
