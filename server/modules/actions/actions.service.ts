// The donation Action: describe an emergency to a blink client or a Solana Pay wallet, and build the transaction
// a donor's account signs, remembering its reference so the watcher can record it from the chain.
import { Keypair, PublicKey } from '@solana/web3.js'
import type { ActionGetResponse, ActionPostResponse, CheckoutStatus } from '../../../api-contract/actions'
import type { Config } from '../../config'
import type { Chain } from '../../connect-chain'
import type { Db } from '../../db/client'
import type { Clock } from '../../lib/clock'
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors'
import { formatAmount, parseAmount } from '../../lib/money'
import { APP_NAME } from '../../lib/product'
import { EMERGENCY_NOT_FOUND, emergencyCard } from '../emergencies/emergencies.service'
import type { EmergencyCard } from '../emergencies/emergency-card.repository'
import { caip2 } from './action-http'
import { type PanelPayment, referencesOfCheckout } from './action-references.repository'
import { donateAction } from './donate-action'
import { type ChoiceInput, choiceText, currencyOf, donationChoice } from './donation-choice'
import { buildDonation } from './donation-transaction'
import { admitReference } from './reference-admission'
import { shareImageUrl } from './share-images'
import { watchKeyFor } from './watch-key'

/** How long the watcher looks for a transaction built by a POST (a wallet may refresh its blockhash). */
export const REFERENCE_TTL_MS = 15 * 60_000
/** The first look-up of a reference on its own, behind the watch-key feed: after a transaction that kept its
 * blockhash can no longer land (151 blocks, 60–90 s). Then 4× longer each time, and once at expiry. */
export const FIRST_CHECK_MS = 90_000

export const CONFIRMED_SCAM = 'This emergency was confirmed as a scam. Donations to it are closed.'

export interface ActionsDeps {
  config: Pick<Config, 'publicUrl' | 'platformWallet' | 'cluster' | 'actionReferences'>
  db: Db
  chain: Chain
  clock: Clock
}

/** The signing account of a POST: a base58 address on the curve (a program-derived address cannot sign). */
function donorAccount(account: string): PublicKey {
  let key: PublicKey
  try {
    key = new PublicKey(account)
  } catch {
    throw badRequest('invalid_wallet', 'account is not a Solana address.')
  }
  if (key.toBase58() !== account || !PublicKey.isOnCurve(key.toBytes()))
    throw badRequest('invalid_wallet', 'account is not a wallet that can sign.')
  return key
}

export function actionsService({ config, db, chain, clock }: ActionsDeps) {
  const blockchainId = caip2(chain.genesisHash)
  const watchKey = watchKeyFor(config.platformWallet)
  const platform = new PublicKey(config.platformWallet)

  /** An emergency that takes donations: not deleted (404), not a confirmed scam (403). */
  async function donatable(id: number): Promise<EmergencyCard> {
    const card = await emergencyCard(db, id)
    if (!card || card.deleted) throw notFound(EMERGENCY_NOT_FOUND)
    if (card.reviewStatus === 'confirmed_scam') throw forbidden(CONFIRMED_SCAM)
    return card
  }

  /** Why this client cannot use us, when it named the chains it accepts and ours is not one of them. */
  function clusterError(accepted: string[] | undefined): string | undefined {
    if (!accepted || accepted.includes(blockchainId)) return undefined
    return `This Action pays on Solana ${config.cluster} (${blockchainId}); your wallet accepts ${accepted.join(', ')}.`
  }

  const hasChoice = (input: ChoiceInput) => input.amount !== undefined

  return {
    blockchainId,
    watchKey,

    async describe(id: number, input: ChoiceInput, accepted?: string[]): Promise<ActionGetResponse> {
      const card = await donatable(id)
      return donateAction(card, {
        publicUrl: config.publicUrl,
        appName: APP_NAME,
        icon: shareImageUrl(config.publicUrl, card.firstImage, 'square'),
        chosen: hasChoice(input) ? donationChoice(input) : undefined,
        clusterError: clusterError(accepted),
        currency: currencyOf(input),
      })
    },

    async transaction(
      id: number,
      account: string,
      input: ChoiceInput,
      accepted?: string[],
    ): Promise<ActionPostResponse> {
      const mismatch = clusterError(accepted)
      if (mismatch) throw new AppError('cluster_mismatch', mismatch, 400)
      const donor = donorAccount(account)
      const choice = donationChoice(input)
      const card = await donatable(id)
      if (account === card.receivingWallet)
        throw badRequest(
          'invalid_wallet',
          "This wallet receives the emergency's donations; it cannot donate to itself.",
        )
      const reference = Keypair.generate().publicKey
      const transaction = await buildDonation(chain, {
        account: donor,
        recipient: new PublicKey(card.receivingWallet),
        platform,
        choice,
        reference,
        watchKey,
      })
      const now = clock()
      await admitReference(
        db,
        {
          reference: reference.toBase58(),
          emergencyId: card.id,
          payerWallet: account,
          recipientWallet: card.receivingWallet,
          currency: choice.currency,
          lamports: choice.amount,
          tipLamports: choice.tip,
          comment: choice.comment,
          checkout: choice.checkout,
          createdAt: now,
          expiresAt: new Date(now.getTime() + REFERENCE_TTL_MS),
          nextCheckAt: new Date(now.getTime() + FIRST_CHECK_MS),
        },
        config.actionReferences,
        now,
      )
      return {
        type: 'transaction',
        transaction,
        message: `Donating ${choiceText(choice, APP_NAME)} to “${card.title}”. Thank you!`,
        links: {
          next: {
            type: 'inline',
            action: {
              type: 'completed',
              icon: shareImageUrl(config.publicUrl, card.firstImage, 'square'),
              title: card.title,
              description: `Thank you! Your donation is recorded once the network confirms it.`,
              label: 'Donated',
            },
          },
        },
      }
    },

    /**
     * What the QR panel shows: `received` only for a credited reference of the panel's own amount and tip (when it
     * says them: a stranger paying 0.001 SOL with its checkout id is not its donation), `opened` while one of its
     * references waits for a payment.
     */
    async checkout(checkout: string, panel: PanelChoice = {}): Promise<CheckoutStatus> {
      const rows = await referencesOfCheckout(db, checkout, panelPayment(panel), 20)
      const credited = rows.find((r) => r.status === 'credited' && r.txHash)
      if (credited)
        return {
          status: 'received',
          donation: {
            currency: credited.currency,
            amount: formatAmount(credited.currency, credited.lamports),
            tip_amount: formatAmount(credited.currency, credited.tipLamports),
            tx_hash: credited.txHash!,
            donor_wallet: credited.payerWallet,
          },
        }
      return { status: rows.length > 0 ? 'opened' : 'waiting', donation: null }
    },
  }
}

/** What the QR panel shows, as its Action URL has it (`currency` SOL unless it says USDC). */
type PanelChoice = Pick<ChoiceInput, 'amount' | 'tip' | 'currency'>

/** The payment the panel shows (its currency, amount and tip), whose references are its own; none when it names no
 * amount (then every reference of the checkout is). */
function panelPayment(panel: PanelChoice): PanelPayment | undefined {
  if (panel.amount === undefined) {
    if (panel.tip !== undefined) throw badRequest('invalid_amount', 'Give the amount with the tip.')
    return undefined
  }
  const currency = currencyOf(panel)
  const lamports = parseAmount(currency, panel.amount, 'amount')
  const tipLamports =
    panel.tip === undefined || panel.tip.trim() === '' ? 0n : parseAmount(currency, panel.tip, 'tip')
  return { currency, lamports, tipLamports }
}

export type ActionsService = ReturnType<typeof actionsService>
