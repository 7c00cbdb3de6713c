// The donate page's form slot: the form wired to the flow, named after the wallet in use or offered; once the
// donation is recorded, the thank-you in its place.
import { useAtom, useAtomValue, useSetAtom } from 'jotai'
import { useCallback, useEffect, useState } from 'react'
import type { Emergency } from '../../../api-contract/emergencies'
import { tokenAtom, walletTypeAtom } from '../../state/auth.atoms'
import { useConfig } from '../../state/config'
import { donationDraftAtom } from '../../state/donation-draft.atoms'
import { walletBridgeAtom, walletStackRequestedAtom } from '../../state/wallet.atoms'
import { readConnectionEnvironment } from '../../wallet/connection-environment'
import { offeredWallet } from '../../wallet/connection-matrix'
import type { DonationValues } from './donation-math'
import { takeDetour, type TypedDonation } from './donation-detour'
import { DonationForm } from './DonationForm'
import { ThankYou, type ThankYouSlots } from './ThankYou'
import { useDonate } from './useDonate'
import { donationCurrencyAtom } from './donation-currency.atoms'
import { useUsdcAccountRent } from './useUsdcAccountRent'

export function DonationPanel({ emergency, thankYou }: { emergency: Emergency; thankYou?: ThankYouSlots }) {
  const requestStack = useSetAtom(walletStackRequestedAtom)
  const bridge = useAtomValue(walletBridgeAtom)
  const walletType = useAtomValue(walletTypeAtom)
  const signedIn = useAtomValue(tokenAtom) !== null
  const { run, busy, error, receipt, again } = useDonate(emergency)
  const config = useConfig()
  const tipPercent = config?.tip_percent ?? null
  // USDC is offered where the server names its mint (not by a server without a ledger).
  const [chosen, setCurrency] = useAtom(donationCurrencyAtom)
  const usdc = Boolean(config?.usdc_mint)
  const currency = usdc ? chosen : 'SOL'
  const [valid, setValid] = useState(false)
  const accountRent = useUsdcAccountRent(emergency.receiving_wallet, currency === 'USDC' && valid)

  // The wallet stack (~125 KB on the wire) loads when a signed-in donor starts on the form, not with the page:
  // a visitor who only reads pays nothing for it, and a signed-out donor is sent to /register first. The payment
  // pipeline requests it too (payerWallet), so a Donate tap never depends on this head start.
  const loadWallet = useCallback(() => {
    if (signedIn) requestStack(true)
  }, [signedIn, requestStack])

  // What is typed, for the phone QR panel (features/share) beside the form; cleared when the page goes.
  const setDraft = useSetAtom(donationDraftAtom)
  const onValuesChange = useCallback(
    (values: DonationValues | null) => {
      setValid(values !== null)
      setDraft(values && { emergencyId: emergency.id, ...values })
    },
    [setDraft, emergency.id],
  )
  useEffect(() => () => setDraft(null), [setDraft])

  // Back from /register: the donation typed before it, put back after hydration (the server rendered an empty form).
  const [restore, setRestore] = useState<TypedDonation | null>(null)
  useEffect(() => setRestore(takeDetour(emergency.id)), [emergency.id])

  // 'Donate with {wallet}': the wallet in use, else the one this browser offers (Solflare inside Solflare's
  // browser), read after hydration (the server cannot know it), else the last one used.
  const [offered, setOffered] = useState<string | null>(null)
  useEffect(() => setOffered(offeredWallet(readConnectionEnvironment([], null))), [])
  const walletName = bridge?.walletName ?? offered ?? walletType ?? 'Phantom'
  if (receipt)
    return (
      <ThankYou
        emergency={emergency}
        receipt={receipt}
        slots={thankYou}
        onBack={() => {
          again()
          window.scrollTo({ top: 0 })
        }}
      />
    )
  return (
    <DonationForm
      walletName={walletName}
      currency={currency}
      onCurrencyChange={usdc ? setCurrency : undefined}
      accountRent={accountRent}
      tipPercent={tipPercent}
      busyLabel={busy}
      error={error}
      onDonate={run}
      onValuesChange={onValuesChange}
      onIntent={loadWallet}
      restore={restore}
    />
  )
}
