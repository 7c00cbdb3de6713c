import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkPayment, netBalanceChange, type ParsedTx } from './check-payment'

const PAYER = 'Payer1111111111111111111111111111111111111'
const CAMPAIGN = 'Campaign11111111111111111111111111111111111'
const OTHER = 'Other111111111111111111111111111111111111111'
type Ix = { program: string; programId: string; parsed: { type: string; info: Record<string, unknown> } }
const transfer = (source: string, destination: string, lamports: number): Ix => ({
  program: 'system',
  programId: '11111111111111111111111111111111',
  parsed: { type: 'transfer', info: { source, destination, lamports } },
})

/**
 * A jsonParsed transaction whose balances follow from its transfers (as a node reports them), unless `balances`
 * says otherwise. `signers` sign it (the payer by default); every account a transfer names is in accountKeys.
 */
const tx = (
  over: {
    top?: unknown[]
    inner?: unknown[]
    signers?: string[]
    meta?: ParsedTx['meta']
    balances?: { pre: number[]; post: number[] }
  } = {},
): ParsedTx => {
  const signers = over.signers ?? [PAYER]
  const transfers = [...(over.top ?? []), ...(over.inner ?? [])].filter(
    (ix): ix is Ix => (ix as Ix).parsed?.type === 'transfer',
  )
  const keys = [
    ...new Set([
      ...signers,
      CAMPAIGN,
      ...transfers.flatMap((t) => [t.parsed.info.source, t.parsed.info.destination]),
    ]),
  ] as string[]
  const pre = keys.map(() => 10_000_000_000)
  const post = [...pre]
  for (const t of transfers) {
    post[keys.indexOf(t.parsed.info.source as string)]! -= t.parsed.info.lamports as number
    post[keys.indexOf(t.parsed.info.destination as string)]! += t.parsed.info.lamports as number
  }
  post[0]! -= 5000
  return {
    slot: 9,
    blockTime: 1_800_000_000,
    meta:
      over.meta === undefined
        ? {
            err: null,
            fee: 5000,
            preBalances: over.balances?.pre ?? pre,
            postBalances: over.balances?.post ?? post,
            innerInstructions: over.inner ? [{ instructions: over.inner as never[] }] : [],
          }
        : over.meta,
    transaction: {
      message: {
        accountKeys: keys.map((pubkey) => ({ pubkey, signer: signers.includes(pubkey) })),
        instructions: (over.top ?? []) as never[],
      },
    },
  }
}
const expected = (lamports: bigint, payer = PAYER) => ({
  signature: 'sig',
  payer,
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
    const huge = tx({ top: [transfer(PAYER, CAMPAIGN, 2 ** 60)] })
    expect(checkPayment(huge, expected(2n ** 60n))).toEqual({ ok: false, reason: 'wrong_recipient' })
  })

  it('treats a transaction without meta as not found', () => {
    expect(checkPayment(tx({ meta: null }), expected(1n))).toEqual({
      ok: false,
      reason: 'not_found_on_chain',
    })
    expect(checkPayment(null, expected(1n))).toEqual({ ok: false, reason: 'not_found_on_chain' })
  })

  it('ignores instructions that only look like transfers (other programs, other types)', () => {
    const fake = { ...transfer(PAYER, CAMPAIGN, 700), program: 'spl-token' }
    const assign = {
      program: 'system',
      parsed: { type: 'assign', info: { account: CAMPAIGN, owner: PAYER } },
    }
    expect(checkPayment(tx({ top: [fake, assign] }), expected(700n))).toEqual({
      ok: false,
      reason: 'wrong_recipient',
    })
  })
})

describe('checkPayment credits only value that really moved (net balance change)', () => {
  it('refuses a self-donation: the payer is the receiving wallet', () => {
    const self = tx({ signers: [CAMPAIGN], top: [transfer(CAMPAIGN, CAMPAIGN, 1_000_000_000)] })
    expect(checkPayment(self, expected(1_000_000_000n, CAMPAIGN))).toEqual({
      ok: false,
      reason: 'sent_from_recipient',
    })
  })

  it('refuses a round trip donor→R, R→donor co-signed by R', () => {
    const roundTrip = tx({
      signers: [PAYER, CAMPAIGN],
      top: [transfer(PAYER, CAMPAIGN, 1_000_000_000), transfer(CAMPAIGN, PAYER, 1_000_000_000)],
    })
    expect(checkPayment(roundTrip, expected(1_000_000_000n))).toEqual({
      ok: false,
      reason: 'sent_from_recipient',
    })
  })

  it('refuses any transfer out of the recipient, even one the node reports without its signature', () => {
    const out = tx({ top: [transfer(PAYER, CAMPAIGN, 500), transfer(CAMPAIGN, OTHER, 500)] })
    expect(checkPayment(out, expected(500n))).toEqual({ ok: false, reason: 'sent_from_recipient' })
  })

  it("never credits more than the recipient's net balance change", () => {
    const transfers = [transfer(PAYER, CAMPAIGN, 900)]
    const shrunk = tx({ top: transfers, balances: { pre: [10_000, 100, 0], post: [9_100, 300, 0] } })
    expect(checkPayment(shrunk, expected(900n))).toEqual({ ok: false, reason: 'wrong_amount' })
    expect(checkPayment(shrunk, expected(200n))).toMatchObject({ ok: true, received: [{ lamports: 200n }] })
  })

  it('proves nothing when the node reports no balances', () => {
    const bare = tx({ top: [transfer(PAYER, CAMPAIGN, 900)] })
    bare.meta = { err: null, fee: 5000 }
    expect(checkPayment(bare, expected(900n))).toEqual({ ok: false, reason: 'wrong_amount' })
  })

  it("credits the payer's part only when someone else pays the recipient in the same transaction", () => {
    const both = tx({
      signers: [PAYER, OTHER],
      top: [transfer(PAYER, CAMPAIGN, 400), transfer(OTHER, CAMPAIGN, 600)],
    })
    expect(netBalanceChange(both, CAMPAIGN)).toBe(1000n)
    expect(checkPayment(both, expected(400n))).toMatchObject({ ok: true, received: [{ lamports: 400n }] })
    expect(checkPayment(both, expected(1000n))).toEqual({ ok: false, reason: 'wrong_amount' })
  })

  it('credited ⇒ the payer signed, the recipient gained at least that much and sent nothing (property)', () => {
    const account = fc.constantFrom(PAYER, CAMPAIGN, OTHER)
    const legs = fc.array(fc.tuple(account, account, fc.integer({ min: 1, max: 10_000 })), { maxLength: 5 })
    fc.assert(
      fc.property(legs, fc.subarray([PAYER, CAMPAIGN, OTHER], { minLength: 1 }), (ls, signers) => {
        const t = tx({ signers, top: ls.map(([from, to, n]) => transfer(from, to, n)) })
        const gained = netBalanceChange(t, CAMPAIGN) ?? 0n
        const sent = ls
          .filter(([from, to]) => from === PAYER && to === CAMPAIGN)
          .reduce((a, l) => a + l[2], 0)
        // The claim a client would make (what the payer sent), and the net change, and a few others.
        for (const claim of [BigInt(sent), gained, 1n, 5_000n]) {
          if (claim <= 0n) continue
          const res = checkPayment(t, expected(claim))
          if (!res.ok) continue
          expect(signers).toContain(PAYER)
          expect(signers).not.toContain(CAMPAIGN)
          expect(gained).toBeGreaterThanOrEqual(claim)
          expect(ls.some(([from]) => from === CAMPAIGN)).toBe(false)
        }
      }),
    )
  })
})

describe('checkPayment for a token (USDC)', () => {
  const MINT = 'Mint1111111111111111111111111111111111111111'
  const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
  const [payerAccount, campaignAccount] = [
    'PayerAta11111111111111111111111111111111111',
    'CampAta111111111111111111111111111111111111',
  ]
  const balance = (accountIndex: number, owner: string, amount: string) => ({
    accountIndex,
    mint: MINT,
    owner,
    programId: TOKEN,
    uiTokenAmount: { amount },
  })
  /** keys: payer (signer), payer's account, campaign's account; one transferChecked signed by `authority`. */
  const tokenTx = (authority: string, moved: string, received: string): ParsedTx => ({
    slot: 9,
    blockTime: 1_800_000_000,
    meta: {
      err: null,
      fee: 5000,
      preTokenBalances: [balance(1, PAYER, '10000000'), balance(2, CAMPAIGN, '0')],
      postTokenBalances: [
        balance(1, PAYER, String(10_000_000 - Number(received))),
        balance(2, CAMPAIGN, received),
      ],
      innerInstructions: [],
    },
    transaction: {
      message: {
        accountKeys: [
          { pubkey: authority, signer: true },
          { pubkey: payerAccount!, signer: false },
          { pubkey: campaignAccount!, signer: false },
        ],
        instructions: [
          {
            program: 'spl-token',
            programId: TOKEN,
            parsed: {
              type: 'transferChecked',
              info: {
                source: payerAccount,
                destination: campaignAccount,
                mint: MINT,
                authority,
                tokenAmount: { amount: moved, decimals: 6 },
              },
            },
          },
        ],
      },
    },
  })
  const expected = (payer = PAYER) => ({
    signature: 'sig',
    payer,
    transfers: [{ to: CAMPAIGN, lamports: 5_000_000n }],
    token: { mint: MINT },
  })

  it("credits the recipient's token balance change when the payer moved it from its own account", () => {
    expect(checkPayment(tokenTx(PAYER, '5000000', '5000000'), expected())).toMatchObject({
      ok: true,
      received: [{ to: CAMPAIGN, lamports: 5_000_000n }],
    })
  })

  it('credits no more than the balances show, whatever the instruction says', () => {
    expect(checkPayment(tokenTx(PAYER, '5000000', '4000000'), expected())).toEqual({
      ok: false,
      reason: 'wrong_amount',
    })
  })

  it("does not count a delegate's spend of the payer's account as the payer's own", () => {
    expect(checkPayment(tokenTx(OTHER, '5000000', '5000000'), expected(OTHER))).toEqual({
      ok: false,
      reason: 'not_signed_by_payer',
    })
  })
})
