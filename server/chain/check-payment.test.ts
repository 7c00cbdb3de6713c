import { describe, expect, it } from 'vitest'
import { checkPayment, type ParsedTx } from './check-payment'

const PAYER = 'Payer1111111111111111111111111111111111111'
const CAMPAIGN = 'Campaign11111111111111111111111111111111111'
const transfer = (source: string, destination: string, lamports: number) => ({
  program: 'system',
  programId: '11111111111111111111111111111111',
  parsed: { type: 'transfer', info: { source, destination, lamports } },
})
const tx = (
  over: { top?: unknown[]; inner?: unknown[]; signer?: string; meta?: ParsedTx['meta'] } = {},
): ParsedTx => ({
  slot: 9,
  blockTime: 1_800_000_000,
  meta:
    over.meta === undefined
      ? {
          err: null,
          fee: 5000,
          innerInstructions: over.inner ? [{ instructions: over.inner as never[] }] : [],
        }
      : over.meta,
  transaction: {
    message: {
      accountKeys: [
        { pubkey: over.signer ?? PAYER, signer: true },
        { pubkey: CAMPAIGN, signer: false },
      ],
      instructions: (over.top ?? []) as never[],
    },
  },
})
const expected = (lamports: bigint) => ({
  signature: 'sig',
  payer: PAYER,
  transfers: [{ to: CAMPAIGN, lamports }],
})

describe('checkPayment on a fetched transaction', () => {
  it("counts System transfers made by a program on the payer's behalf (inner instructions)", () => {
    const res = checkPayment(
      tx({ top: [{ programId: 'Prog', accounts: [], data: '' }], inner: [transfer(PAYER, CAMPAIGN, 700)] }),
      expected(700n),
    )
    expect(res).toMatchObject({
      ok: true,
      slot: 9,
      blockTime: 1_800_000_000,
      received: [{ to: CAMPAIGN, lamports: 700n }],
    })
  })

  it('sums top-level and inner transfers to one recipient', () => {
    expect(
      checkPayment(
        tx({ top: [transfer(PAYER, CAMPAIGN, 300)], inner: [transfer(PAYER, CAMPAIGN, 400)] }),
        expected(700n),
      ).ok,
    ).toBe(true)
  })

  it('proves nothing with an amount JSON cannot carry exactly', () => {
    expect(checkPayment(tx({ top: [transfer(PAYER, CAMPAIGN, 2 ** 60)] }), expected(2n ** 60n))).toEqual({
      ok: false,
      reason: 'wrong recipient',
    })
  })

  it('treats a transaction without meta as not found', () => {
    expect(checkPayment(tx({ meta: null }), expected(1n))).toEqual({
      ok: false,
      reason: 'not found on-chain',
    })
    expect(checkPayment(null, expected(1n))).toEqual({ ok: false, reason: 'not found on-chain' })
  })

  it('ignores instructions that only look like transfers (other programs, other types)', () => {
    const fake = { ...transfer(PAYER, CAMPAIGN, 700), program: 'spl-token' }
    const assign = {
      program: 'system',
      parsed: { type: 'assign', info: { account: CAMPAIGN, owner: PAYER } },
    }
    expect(checkPayment(tx({ top: [fake, assign] }), expected(700n))).toEqual({
      ok: false,
      reason: 'wrong recipient',
    })
  })
})
