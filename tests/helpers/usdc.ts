// USDC on the test ledger: wallets funded through the API's local faucet, and gifts built with the same
// instructions the Action and the PWA use (api-contract/usdc-gift.ts), signed and sent for real.
import { type Keypair, PublicKey, Transaction, type TransactionInstruction } from '@solana/web3.js'
import type { FaucetAnswer } from '../../api-contract/faucet'
import { associatedTokenAddress, USDC_DECIMALS, usdcGiftInstructions } from '../../api-contract/usdc-gift'
import { confirm } from '../../ledger-sim/test-kit'
import { parseAmount } from '../../server/lib/money'
import type { LedgerTestApp } from './ledger'

/** micro-USDC of a decimal USDC text ("5.25"). */
export const usdc = (text: string): bigint => parseAmount('USDC', text)

export const usdcMintOf = (t: LedgerTestApp) => new PublicKey(t.ledger.ledger.usdcMint)

/** Mints `whole` test USDC to the wallet through POST /api/faucet/ and waits for `confirmed`. */
export async function fundUsdc(t: LedgerTestApp, owner: PublicKey, whole: number): Promise<FaucetAnswer> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/faucet/',
    payload: { wallet_address: owner.toBase58(), asset: 'usdc', amount: whole },
  })
  if (response.statusCode !== 200) throw new Error(`faucet: ${response.statusCode} ${response.body}`)
  const answer = response.json<FaucetAnswer>()
  await confirm(t.ledger.connection, answer.signature)
  return answer
}

/** The wallet's test USDC, in micro-USDC (0 when it has no USDC account). */
export async function usdcBalance(t: LedgerTestApp, owner: PublicKey | string): Promise<bigint> {
  const account = associatedTokenAddress(new PublicKey(owner), usdcMintOf(t))
  if (!(await t.ledger.connection.getAccountInfo(account))) return 0n
  return BigInt((await t.ledger.connection.getTokenAccountBalance(account)).value.amount)
}

/** Signs `instructions` as `payer` (and `others`), sends them, waits for `confirmed`; returns the signature. */
export async function send(
  t: LedgerTestApp,
  payer: Keypair,
  instructions: TransactionInstruction[],
  options: { skipPreflight?: boolean; others?: Keypair[] } = {},
): Promise<string> {
  const connection = t.ledger.connection
  const tx = new Transaction({
    feePayer: payer.publicKey,
    recentBlockhash: (await connection.getLatestBlockhash()).blockhash,
  }).add(...instructions)
  tx.sign(payer, ...(options.others ?? []))
  const signature = await connection.sendRawTransaction(tx.serialize(), {
    skipPreflight: options.skipPreflight,
  })
  if (!options.skipPreflight) await confirm(connection, signature)
  return signature
}

/** A USDC gift from `donor` to `recipient` (tip to the platform wallet), opening the recipient's account when asked. */
export function giveUsdc(
  t: LedgerTestApp,
  donor: Keypair,
  gift: { recipient: string; amount: bigint; tip?: bigint; openRecipientAccount?: boolean },
): Promise<string> {
  return send(
    t,
    donor,
    usdcGiftInstructions({
      donor: donor.publicKey,
      recipient: new PublicKey(gift.recipient),
      platform: new PublicKey(t.config.platformWallet),
      mint: usdcMintOf(t),
      decimals: USDC_DECIMALS,
      amount: gift.amount,
      tip: gift.tip ?? 0n,
      openRecipientAccount: gift.openRecipientAccount ?? false,
    }),
  )
}
