// "Verify": the browser fetches a donation's transaction from the cluster's RPC itself and checks what Lifeline shows
// (success, the donor's signature, the receiving wallet, the amount and the tip) with the server's own pure verifier
// (api-contract/check-payment.ts). Nothing the server says is trusted here but the values being checked. Loaded only
// when "Verify" is tapped: a plain JSON-RPC fetch and the verifier (no web3.js: the check reads the node's JSON as the
// server does, so the library would add weight and no proof).
import { checkPayment, paidBy, type ParsedTx, type VerifyFailure } from '../../api-contract/check-payment'
import { KNOWN_USDC_MINTS } from '../../api-contract/token-addresses'
import { ledgerRpc } from './ledger-rpc'
import { type Currency, formatAmount, parseAmount } from './money'
import { verifyRpc } from './verify-rpc'

/** What Lifeline shows of one donation: the claims the ledger is asked about. */
export interface ShownDonation {
  signature: string
  donorWallet: string
  receivingWallet: string
  currency: Currency
  /** decimal strings, as the API sent them */
  amount: string
  tipAmount: string
  /** the slot the receipt names, when it names one */
  slot?: number
}

/** Where the tip goes and what "USDC" is on this cluster (from the app's settings; Circle's mint where known). */
export interface Network {
  cluster: string
  platformWallet: string
  usdcMint: string | null
}

export type Verdict =
  { verified: true; host: string; slot: number } | { verified: false; host: string; differences: string[] }

const text = (currency: Currency, units: bigint) => `${formatAmount(currency, units, 0)} ${currency}`

/** The USDC mint to check against: Circle's on devnet and mainnet, whatever the app says, else the app's. */
const usdcMintOf = (network: Network) =>
  KNOWN_USDC_MINTS[network.cluster as keyof typeof KNOWN_USDC_MINTS] ?? network.usdcMint

/** What differs between the transaction the node returned and what Lifeline shows; empty when nothing does. */
export function differences(tx: ParsedTx | null, shown: ShownDonation, network: Network): string[] {
  const amount = parseAmount(shown.currency, shown.amount) ?? 0n
  const tip = parseAmount(shown.currency, shown.tipAmount) ?? 0n
  const mint = shown.currency === 'USDC' ? usdcMintOf(network) : undefined
  if (mint === null) return ['No USDC mint is known for this network, so a USDC transfer cannot be checked.']
  const token = mint ? { mint } : undefined
  const result = checkPayment(tx, {
    signature: shown.signature,
    payer: shown.donorWallet,
    transfers: [
      { to: shown.receivingWallet, lamports: amount },
      { to: network.platformWallet, lamports: tip },
    ],
    token,
    // what really moved, so that a difference can be named, not only found
    asMoved: true,
  })
  if (!result.ok) return [failureText(result.reason, tx, shown, token)]
  const [gift, tipMoved] = result.received.map((leg) => leg.lamports)
  const found: string[] = []
  if (gift !== amount)
    found.push(
      `The amount on the ledger is ${text(shown.currency, gift!)}, not ${text(shown.currency, amount)}.`,
    )
  if ((tipMoved ?? 0n) !== tip)
    found.push(
      `The tip on the ledger is ${text(shown.currency, tipMoved ?? 0n)}, not ${text(shown.currency, tip)}.`,
    )
  if (shown.slot !== undefined && shown.slot !== result.slot)
    found.push(`The ledger puts it in slot ${result.slot}, not ${shown.slot}.`)
  return found
}

function failureText(
  reason: VerifyFailure,
  tx: ParsedTx | null,
  shown: ShownDonation,
  token: { mint: string } | undefined,
): string {
  const keys = tx?.transaction.message.accountKeys ?? []
  const signers = keys.filter((k) => k.signer).map((k) => k.pubkey)
  switch (reason) {
    case 'not_found_on_chain':
      return 'The ledger has no transaction with this signature.'
    case 'transaction_failed':
      return 'The transaction failed on the ledger: it moved nothing.'
    case 'not_signed_by_payer':
      return signers.includes(shown.donorWallet)
        ? `The transfer to the emergency wallet came from another wallet, not the donor wallet ${shown.donorWallet}.`
        : `The transaction is signed by ${signers.join(', ')}, not by the donor wallet ${shown.donorWallet}.`
    case 'sent_from_recipient':
      return 'A receiving wallet signed or paid out in this transaction, so it is not a gift to it.'
    case 'wrong_mint':
      return `The donor paid in another token, not USDC (mint ${token?.mint}).`
    default: {
      const paid = [...(tx ? paidBy(tx, shown.donorWallet, token) : [])]
      const to = paid.length ? ` It paid ${paid.join(', ')}.` : ''
      return `The donor wallet sent nothing to the emergency wallet ${shown.receivingWallet}.${to}`
    }
  }
}

export const VERDICT_TEXT = {
  verified: (host: string, slot: number) => `Verified by your browser against ${host}, slot ${slot}`,
  differs: (host: string) => `Not verified: the ledger at ${host} differs from what Lifeline shows.`,
  unreachable: (host: string) => `Could not check: ${host} did not answer. Try again, or set another RPC.`,
  noRpc: 'No RPC is known yet (offline?). Set one in RPC settings.',
} as const

/** What "Verify" says: a headline (verified or not) and the differences found. */
export interface Outcome {
  verified: boolean
  headline: string
  differences: string[]
}

/**
 * Fetches the transaction from this device's RPC, else `clusterRpc` (the request is this browser's), and checks
 * it. `network` is null while the app's settings are not here.
 */
export async function verifyInBrowser(
  clusterRpc: string,
  shown: () => Promise<ShownDonation>,
  network: Network | null,
): Promise<Outcome> {
  const rpc = verifyRpc(clusterRpc)
  if (!rpc || !network) return { verified: false, headline: VERDICT_TEXT.noRpc, differences: [] }
  try {
    const donation = await shown()
    const tx = await ledgerRpc(rpc.href).transaction<ParsedTx>(donation.signature)
    const found = differences(tx, donation, network)
    if (found.length > 0 || !tx)
      return { verified: false, headline: VERDICT_TEXT.differs(rpc.host), differences: found }
    return { verified: true, headline: VERDICT_TEXT.verified(rpc.host, tx.slot), differences: [] }
  } catch {
    return { verified: false, headline: VERDICT_TEXT.unreachable(rpc.host), differences: [] }
  }
}
