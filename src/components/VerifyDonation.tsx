// "Verify" on a receipt and on each card of the public feed: this browser asks the cluster's RPC for the transaction
// and checks what Lifeline shows (lib/verify-donation.ts, loaded on the first tap), then says it is verified against
// which node and slot, or exactly what differs. The RPC is the app's, or one set on this device (VerifyRpcSheet).
import { lazy, Suspense, useState } from 'react'
import type { Outcome, ShownDonation } from '../lib/verify-donation'
import { useConfig } from '../state/config'
import { buttonClass } from './button'
import styles from './VerifyDonation.module.css'

// The check, its words, the RPC setting and its sheet load on the first tap: the pages' first screen carries only
// the buttons.
const VerifyRpcSheet = lazy(() => import('./VerifyRpcSheet'))

export const VERIFY_TEXT = {
  lead: 'Check it on the Solana ledger from your own browser, without trusting Lifeline.',
  verify: 'Verify',
  checking: 'Verifying…',
  settings: 'RPC settings',
} as const

export function VerifyDonation({
  shown,
  compact = false,
}: {
  /** what Lifeline shows; a function when part of it is read on the tap (the feed's cards read the receipt) */
  shown: ShownDonation | (() => Promise<ShownDonation>)
  /** a card's text button instead of a page's */
  compact?: boolean
}) {
  const config = useConfig()
  const [outcome, setOutcome] = useState<Outcome | 'checking' | null>(null)
  // null until first opened: the sheet's code loads then, and stays for its closing motion
  const [settingsOpen, setSettingsOpen] = useState<boolean | null>(null)

  const verify = async () => {
    setOutcome('checking')
    const network = config && {
      cluster: config.cluster,
      platformWallet: config.platform_wallet,
      usdcMint: config.usdc_mint,
    }
    const donation = typeof shown === 'function' ? shown : async () => shown
    // offline before the check's code was ever loaded: the button is there to try again
    const check = await import('../lib/verify-donation').catch(() => null)
    setOutcome(check && (await check.verifyInBrowser(config?.rpc_url ?? '', donation, network)))
  }

  const checking = outcome === 'checking'
  const done = outcome !== null && outcome !== 'checking'
  return (
    <div className={`${styles.verify} ${compact ? styles.compact : styles.page}`}>
      {!compact && <p className={styles.lead}>{VERIFY_TEXT.lead}</p>}
      <div className={styles.buttons}>
        <button
          type="button"
          className={compact ? styles.textButton : buttonClass('secondary')}
          aria-busy={checking}
          disabled={checking}
          onClick={() => void verify()}
        >
          {checking ? VERIFY_TEXT.checking : VERIFY_TEXT.verify}
        </button>
        {(!compact || done) && (
          <button type="button" className={styles.textButton} onClick={() => setSettingsOpen(true)}>
            {VERIFY_TEXT.settings}
          </button>
        )}
      </div>
      <div role="status" aria-live="polite">
        {done && <OutcomeText outcome={outcome} />}
      </div>
      {settingsOpen !== null && (
        <Suspense>
          <VerifyRpcSheet
            open={settingsOpen}
            onClose={() => setSettingsOpen(false)}
            clusterRpc={config?.rpc_url ?? null}
          />
        </Suspense>
      )}
    </div>
  )
}

function OutcomeText({ outcome }: { outcome: Outcome }) {
  if (outcome.verified) return <p className={styles.good}>✓ {outcome.headline}</p>
  return (
    <div className={styles.bad}>
      <p>✗ {outcome.headline}</p>
      {outcome.differences.length > 0 && (
        <ul>
          {outcome.differences.map((difference) => (
            <li key={difference}>{difference}</li>
          ))}
        </ul>
      )}
    </div>
  )
}
