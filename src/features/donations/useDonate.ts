// The donation flow (spec §4; DESIGN §4): register first → wallet → one transaction (donation + tip) confirmed →
// POST emergency/donate/ with the signature (the server retries until its node sees it) → /dashboard.
import { useSetAtom, useStore } from 'jotai'
import { useCallback, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import type { Emergency } from '../../../api-contract/emergencies'
import { ApiError } from '../../lib/api-client'
import { readyBridge } from '../../lib/boost'
import { loadConfig } from '../../lib/config.api'
import { donate } from '../../lib/donations.api'
import { formatSol } from '../../lib/sol'
import { api, authApi } from '../../state/api'
import { tokenAtom, walletTypeAtom } from '../../state/auth.atoms'
import { pushToastAtom } from '../../state/toast.atoms'
import {
  PaymentError,
  walletBridgeAtom,
  walletStackRequestedAtom,
  type PaymentStage,
  type WalletBridge,
} from '../../state/wallet.atoms'
import { DONATION_TEXT } from './donation-math'
import type { DonationRequest } from './DonationForm'

export const REGISTER_REDIRECT_MS = 1500
export const DONATED_TEXT = 'Thank you! Your donation is confirmed and recorded.'

const STAGE_LABEL: Record<PaymentStage | 'recording', string> = {
  simulating: 'Preparing the transaction…',
  signing: 'Confirm in your wallet…',
  confirming: 'Waiting for confirmation…',
  recording: 'Recording your donation…',
}

const errorText = (error: unknown) =>
  error instanceof PaymentError || error instanceof ApiError
    ? error.message
    : (error instanceof Error && error.message) || DONATION_TEXT.failed

export function useDonate(emergency: Emergency) {
  const store = useStore()
  const navigate = useNavigate()
  const toast = useSetAtom(pushToastAtom)
  const [busy, setBusy] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  const fail = useCallback(
    (text: string) => {
      setError(text)
      setBusy(null)
      toast({ kind: 'error', text })
    },
    [toast],
  )

  const run = useCallback(
    async ({ amount, tip, comment }: DonationRequest) => {
      setError(null)
      if (!store.get(tokenAtom)) {
        toast({ kind: 'info', text: DONATION_TEXT.registerFirst })
        setError(DONATION_TEXT.registerFirst)
        const back = encodeURIComponent(`/donate/${emergency.id}`)
        window.setTimeout(() => navigate(`/register?redirect=${back}`), REGISTER_REDIRECT_MS)
        return
      }
      store.set(walletStackRequestedAtom, true)
      setBusy(STAGE_LABEL.simulating)
      let bridge: WalletBridge
      try {
        bridge = await readyBridge(() => store.get(walletBridgeAtom), store.get(walletTypeAtom))
      } catch (caught) {
        return fail(caught instanceof Error ? caught.message : DONATION_TEXT.walletNotFound)
      }

      try {
        const config = await loadConfig(api)
        const legs = [{ to: emergency.receiving_wallet, lamports: amount }]
        if (tip > 0n) legs.push({ to: config.platform_wallet, lamports: tip })
        const signature = await bridge.pay(legs, { onStage: (stage) => setBusy(STAGE_LABEL[stage]) })
        setBusy(STAGE_LABEL.recording)
        await donate(authApi, {
          emergency_id: emergency.id,
          amount: formatSol(amount),
          tx_hash: signature,
          tip_amount: formatSol(tip),
          tip_included: tip > 0n,
          comment,
        })
        setBusy(null)
        toast({ kind: 'success', text: DONATED_TEXT })
        navigate('/dashboard')
      } catch (caught) {
        console.warn('donation failed', caught)
        fail(errorText(caught))
      }
    },
    [emergency, fail, navigate, store, toast],
  )

  return { run, busy, error }
}
