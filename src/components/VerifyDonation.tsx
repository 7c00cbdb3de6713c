// "Verify" on a receipt and on each card of the public feed: this browser asks the cluster's RPC for the transaction
// and checks what Lifeline shows (lib/verify-donation.ts, loaded on the first tap), then says it is verified against
// which node and slot, or exactly what differs. The RPC is the app's, or one set on this device (VerifyRpcSheet).
import { lazy, Suspense, useState } from 'react'
import type { ShownDonation, Verdict } from '../lib/verify-donation'
import { useConfig } from '../state/config'
import { buttonClass } from './button'
import styles from './VerifyDonation.module.css'

// The check, the RPC setting and its sheet load on the first tap: the pages' first screen carries only the buttons.
const VerifyRpcSheet = lazy(() => import('./VerifyRpcSheet'))
const loadCheck = () => Promise.all([import('../lib/verify-donation'), import('../lib/verify-rpc')])

export const VERIFY_TEXT = {
  lead: 'Check it on the Solana ledger from your own browser, without trusting Lifeline.',
  verify: 'Verify',
  checking: 'Verifying…',
  settings: 'RPC settings',
  verified: (host: string, slot: number) => `Verified by your browser against ${host}, slot ${slot}`,
  differs: (host: string) => `Not verified: the ledger at ${host} differs from what Lifeline shows.`,
  unreachable: (host: string) => `Could not check: ${host} did not answer. Try again, or set another RPC.`,
  noRpc: 'No RPC is known yet (offline?). Set one in RPC settings.',
} as const

type State =
  { step: 'idle' | 'checking' } | { step: 'done'; verdict: Verdict } | { step: 'failed'; message: string }

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
  const [state, setState] = useState<State>({ step: 'idle' })
  // null until first opened: the sheet's code loads then, and stays for its closing motion
  const [settingsOpen, setSettingsOpen] = useState<boolean | null>(null)

  const verify = async () => {
    setState({ step: 'checking' })
    let host = ''
    try {
      const [[{ verifyInBrowser }, { verifyRpc }], donation] = await Promise.all([
        loadCheck(),
        typeof shown === 'function' ? shown() : shown,
      ])
      const rpc = config && verifyRpc(config.rpc_url)
      if (!rpc || !config) return setState({ step: 'failed', message: VERIFY_TEXT.noRpc })
      host = rpc.host
      const network = {
        cluster: config.cluster,
        platformWallet: config.platform_wallet,
        usdcMint: config.usdc_mint,
      }
      setState({ step: 'done', verdict: await verifyInBrowser(rpc, donation, network) })
    } catch {
      setState({ step: 'failed', message: VERIFY_TEXT.unreachable(host || 'the network') })
    }
  }

  const checking = state.step === 'checking'
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
        {(!compact || state.step === 'done' || state.step === 'failed') && (
          <button type="button" className={styles.textButton} onClick={() => setSettingsOpen(true)}>
            {VERIFY_TEXT.settings}
          </button>
        )}
      </div>
      <div role="status" aria-live="polite">
        {state.step === 'done' && <VerdictText verdict={state.verdict} />}
        {state.step === 'failed' && <p className={styles.bad}>{state.message}</p>}
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

function VerdictText({ verdict }: { verdict: Verdict }) {
  if (verdict.verified)
    return <p className={styles.good}>✓ {VERIFY_TEXT.verified(verdict.host, verdict.slot)}</p>
  return (
    <div className={styles.bad}>
      <p>✗ {VERIFY_TEXT.differs(verdict.host)}</p>
      <ul>
        {verdict.differences.map((difference) => (
          <li key={difference}>{difference}</li>
        ))}
      </ul>
    </div>
  )
}
