// "Donated but don't see it?": a signed-in donor pastes the signature of a transaction their wallet sent to an
// emergency (a plain transfer to its copied address, a payment the app lost) and the server counts what reached it
// (POST emergency/donate/recover/, issue 31). On /donate/:id the emergency is known; on the dashboard the donor
// names it. The form opens on demand, so the server's first screen and the browser's agree whoever is signed in.
import { useAtomValue } from 'jotai'
import { type FormEvent, type ReactNode, useId, useState } from 'react'
import { Link, useLocation } from 'react-router-dom'
import type { Donation } from '../lib/donations.api'
import { hasCode } from '../lib/error-text'
import { recoverDonation } from '../lib/receipts.api'
import { authApi } from '../state/api'
import { tokenAtom } from '../state/auth.atoms'
import { useSubmit } from '../state/use-submit'
import { buttonClass } from './button'
import { ReceiptLink } from './ReceiptLink'
import ui from './Ui.module.css'
import styles from './RecoverDonation.module.css'

export const RECOVER_TEXT = {
  onDonatePage: "Donated but don't see it?",
  onDashboard: 'I donated but it is not shown',
  intro:
    "Paste the transaction signature from your wallet's history. Lifeline checks it on the chain and counts what reached the emergency.",
  signature: 'Transaction signature',
  emergency: 'Emergency link or number',
  submit: 'Find my donation',
  busy: 'Checking on the chain…',
  signIn: 'Sign in with the wallet you paid from to recover a donation.',
  signInLink: 'Sign in',
  already: 'This donation is already recorded.',
  refused: 'This transaction does not show a donation to this emergency:',
  badSignature: 'That is not a transaction signature.',
  badEmergency: 'Paste the emergency’s link (…/donate/12) or its number.',
  failed: 'Could not check the transaction. Try again in a moment.',
} as const

export const foundText = (donation: Donation) =>
  `Found it: ${donation.amount} ${donation.currency} to ${donation.emergency_title} is now counted.`

const SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/

/** The emergency's id from its link (…/donate/12) or its number; undefined when it is neither. */
export function emergencyIdOf(text: string): number | undefined {
  const match = /^(?:.*\/donate\/)?(\d{1,15})\/?(?:[?#].*)?$/.exec(text.trim())
  return match ? Number(match[1]) : undefined
}

type Outcome = { kind: 'found'; donation: Donation } | { kind: 'already'; txHash: string }

export function RecoverDonation({
  emergencyId,
  title,
  onRecovered,
}: {
  /** the emergency of the page; absent: the donor names it */
  emergencyId?: number
  title: string
  onRecovered?: (donation: Donation) => void
}) {
  const [open, setOpen] = useState(false)
  return (
    <details className={styles.box} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className={styles.summary}>{title}</summary>
      {open && <RecoverForm emergencyId={emergencyId} onRecovered={onRecovered} />}
    </details>
  )
}

function RecoverForm({
  emergencyId,
  onRecovered,
}: {
  emergencyId?: number
  onRecovered?: (donation: Donation) => void
}) {
  const id = useId()
  const signedIn = useAtomValue(tokenAtom) !== null
  const { pathname } = useLocation()
  const [signature, setSignature] = useState('')
  const [emergency, setEmergency] = useState('')
  const [problem, setProblem] = useState<{ signature?: string; emergency?: string }>({})
  const { busy, failure, submit: send } = useSubmit()
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  if (!signedIn)
    return (
      <p className={styles.body}>
        {RECOVER_TEXT.signIn}{' '}
        <Link className={styles.link} to={`/login?redirect=${encodeURIComponent(pathname)}`}>
          {RECOVER_TEXT.signInLink}
        </Link>
      </p>
    )

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const txHash = signature.trim()
    const target = emergencyId ?? emergencyIdOf(emergency)
    const found = {
      signature: SIGNATURE.test(txHash) ? undefined : RECOVER_TEXT.badSignature,
      emergency: target === undefined ? RECOVER_TEXT.badEmergency : undefined,
    }
    setProblem(found)
    if (found.signature || target === undefined) return
    setOutcome(null)
    const sent = await send(() => recoverDonation(authApi, { emergency_id: target, tx_hash: txHash }), {
      failed: RECOVER_TEXT.failed,
      quiet: true,
    })
    if (sent?.ok) {
      setOutcome({ kind: 'found', donation: sent.value })
      onRecovered?.(sent.value)
    } else if (sent && hasCode(sent.error, 'donation_already_recorded'))
      setOutcome({ kind: 'already', txHash })
  }

  return (
    <form className={`${ui.form} ${styles.body}`} onSubmit={submit} noValidate>
      <p className={ui.muted}>{RECOVER_TEXT.intro}</p>
      {emergencyId === undefined && (
        <Field id={`${id}-emergency`} label={RECOVER_TEXT.emergency} error={problem.emergency}>
          <input
            id={`${id}-emergency`}
            value={emergency}
            inputMode="url"
            autoComplete="off"
            aria-invalid={Boolean(problem.emergency)}
            onChange={(event) => setEmergency(event.target.value)}
          />
        </Field>
      )}
      <Field id={`${id}-signature`} label={RECOVER_TEXT.signature} error={problem.signature}>
        <input
          id={`${id}-signature`}
          className={styles.signature}
          value={signature}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          aria-invalid={Boolean(problem.signature)}
          onChange={(event) => setSignature(event.target.value)}
        />
      </Field>
      <button type="submit" className={buttonClass('primary')} disabled={busy}>
        {busy ? RECOVER_TEXT.busy : RECOVER_TEXT.submit}
      </button>
      {outcome ? (
        <OutcomeNote outcome={outcome} />
      ) : (
        failure && (
          <p role="alert" className={ui.alert}>
            {RECOVER_TEXT.refused} {failure}
          </p>
        )
      )}
    </form>
  )
}

function Field(props: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className={ui.field}>
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {props.error && <span className={ui.fieldError}>{props.error}</span>}
    </div>
  )
}

function OutcomeNote({ outcome }: { outcome: Outcome }) {
  const txHash = outcome.kind === 'found' ? outcome.donation.tx_hash : outcome.txHash
  return (
    <p role="status" className={styles.found}>
      {outcome.kind === 'found' ? foundText(outcome.donation) : RECOVER_TEXT.already}{' '}
      <ReceiptLink txHash={txHash} className={styles.link} />
    </p>
  )
}
