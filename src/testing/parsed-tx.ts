// Transactions as a Solana node returns them from getTransaction (jsonParsed), for the tests of the browser's
// "Verify": the payer's System transfers and the balances they leave.
import type { ParsedTx } from '../../api-contract/check-payment'

/** `payer` (or `signer` instead) sends each leg in one transaction, in `slot`. */
export function solTransfer(
  payer: string,
  legs: [to: string, lamports: number][],
  over: { err?: unknown; signer?: string; slot?: number } = {},
): ParsedTx {
  const keys = [over.signer ?? payer, ...new Set(legs.map(([to]) => to))]
  const pre = keys.map((_, i) => (i === 0 ? 10_000_000_000 : 0))
  const post = [...pre]
  for (const [to, lamports] of legs) {
    post[0]! -= lamports
    post[keys.indexOf(to)]! += lamports
  }
  return {
    slot: over.slot ?? 42,
    blockTime: 1_700_000_000,
    meta: { err: over.err ?? null, fee: 5000, preBalances: pre, postBalances: post },
    transaction: {
      message: {
        accountKeys: keys.map((pubkey, i) => ({ pubkey, signer: i === 0 })),
        instructions: legs.map(([to, lamports]) => ({
          program: 'system',
          programId: '11111111111111111111111111111111',
          parsed: { type: 'transfer', info: { source: keys[0], destination: to, lamports } },
        })),
      },
    },
  }
}
