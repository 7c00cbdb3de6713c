// The listing-fee flow (spec §4): sign a message, transfer the fee to the platform wallet, confirm, then submit
// the signature. The wallet stack is loaded lazily; the bridge's pay() builds, simulates, signs and confirms.
import { useSetAtom, useStore } from 'jotai'
import { useCallback, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { loadConfig } from '../../lib/config.api'
import { submitListingPayment } from '../../lib/airdrops.api'
import { parseSol } from '../../lib/sol'
import { api, authApi } from '../../state/api'
import { walletAtom, walletTypeAtom } from '../../state/auth.atoms'
import { pushToastAtom } from '../../state/toast.atoms'
import {
  walletBridgeAtom,
  walletStackRequestedAtom,
  type PaymentStage,
  type WalletBridge,
} from '../../state/wallet.atoms'
import { LISTING_TEXT, outcomeOfAnswer, outcomeOfError, type ListingOutcome } from './listing-payment'

const STAGES: Record<PaymentStage | 'authorizing' | 'submitting', string> = {
  authorizing: 'Sign the payment message in your wallet…',
  simulating: 'Preparing the transaction…',
  signing: 'Confirm the transfer in your wallet…',
  confirming: 'Waiting for confirmation…',
  submitting: 'Verifying the payment…',
}

class StepError extends Error {}

export function useListingPayment(campaignId: string) {
  const store = useStore()
  const navigate = useNavigate()
  const toast = useSetAtom(pushToastAtom)
  const [busy, setBusy] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  const bridge = useCallback(async (): Promise<WalletBridge> => {
    store.set(walletStackRequestedAtom, true)
    for (let waited = 0; waited < 15_000 && !store.get(walletBridgeAtom); waited += 100)
      await new Promise((done) => setTimeout(done, 100))
    const loaded = store.get(walletBridgeAtom)
    if (!loaded) throw new StepError('Phantom Wallet not found.')
    const type = store.get(walletTypeAtom)
    const address = loaded.address ?? (type ? await loaded.connect(type).catch(() => null) : null)
    if (!address) throw new StepError('Please connect your Phantom wallet.')
    if (address !== store.get(walletAtom)) throw new StepError('Connect the wallet you signed in with.')
    return loaded
  }, [store])

  const show = useCallback(
    (outcome: ListingOutcome) => {
      setBusy(null)
      toast({ kind: outcome.kind, text: outcome.text })
      if (outcome.to) navigate(outcome.to)
      else setError(outcome.text)
    },
    [navigate, toast],
  )

  const run = useCallback(async () => {
    setError(null)
    try {
      setBusy(STAGES.authorizing)
      const wallet = await bridge()
      const config = await loadConfig(api)
      const lamports = parseSol(config.listing_fee)
      if (!lamports) throw new StepError(LISTING_TEXT.unknown)
      const text = `${config.app_name}: pay the ${config.listing_fee} SOL listing fee for campaign #${campaignId}`
      await wallet.signMessage(new TextEncoder().encode(text)).catch(() => {
        throw new StepError(LISTING_TEXT.signing)
      })
      const signature = await wallet.pay([{ to: config.platform_wallet, lamports }], {
        onStage: (stage) => setBusy(STAGES[stage]),
        purpose: 'payment',
      })
      setBusy(STAGES.submitting)
      const answer = await submitListingPayment(authApi, campaignId, signature)
      show(outcomeOfAnswer(answer?.message))
    } catch (caught) {
      console.warn('listing payment failed', caught)
      show(outcomeOfError(caught))
    }
  }, [bridge, campaignId, show])

  return { run, busy, error }
}
