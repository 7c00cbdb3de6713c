// The create and edit form: title, description, SOL goal, deadline, receiving wallet (defaults to
// the connected wallet, warns when changed; read-only with its reason once donations reached it), optional
// YouTube/Vimeo link, proof images.
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import type { ProofImage } from '../../../api-contract/emergencies'
import { buttonClass } from '../../components/button'
import { validateDraft, type EmergencyDraft } from './emergency-form'
import { ImagePicker } from '../../components/ImagePicker'
import styles from './EmergencyForm.module.css'

export interface EmergencySubmit {
  draft: EmergencyDraft
  files: File[]
  deleteImages: number[]
}

export const WALLET_LOCKED_TEXT =
  'Donations have already reached this wallet, so it can no longer change: every donor’s transfer must keep ' +
  'matching the wallet their page showed.'

export function EmergencyForm({
  initial,
  connectedWallet,
  walletLocked = false,
  keptImages = [],
  requireImages,
  submitLabel,
  busy,
  serverError,
  onSubmit,
}: {
  initial: EmergencyDraft
  connectedWallet: string | null
  /** the emergency's `receiving_wallet_locked`: the server refuses a change (409) */
  walletLocked?: boolean
  keptImages?: ProofImage[]
  requireImages: boolean
  submitLabel: string
  busy: boolean
  serverError: string | null
  onSubmit: (values: EmergencySubmit) => void
}) {
  const id = useId()
  const [draft, setDraft] = useState(initial)
  const [files, setFiles] = useState<File[]>([])
  const [deleted, setDeleted] = useState<number[]>([])
  const [error, setError] = useState<string | null>(null)
  const kept = keptImages.filter((image) => !deleted.includes(image.id))
  // Create starts from the connected wallet, edit from the saved one: any change gets the warning.
  const walletChanged = draft.receiving_wallet.trim() !== initial.receiving_wallet

  // the refusal goes once the form changes: no 'Please enter a title.' under a typed title
  const set = (key: keyof EmergencyDraft) => (value: string) => {
    setDraft((d) => ({ ...d, [key]: value }))
    setError(null)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problem = validateDraft(draft, kept.length + files.length, requireImages)
    setError(problem)
    if (!problem) onSubmit({ draft, files, deleteImages: deleted })
  }

  const field = (key: keyof EmergencyDraft, label: string, input: ReactNode, note?: ReactNode) => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      {input}
      {note}
    </div>
  )
  const text = (key: keyof EmergencyDraft, type = 'text', extra: object = {}) => (
    <input
      id={`${id}-${key}`}
      type={type}
      value={draft[key]}
      onChange={(event) => set(key)(event.target.value)}
      {...extra}
    />
  )

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {field('title', 'Title', text('title', 'text', { maxLength: 200 }))}
      {field(
        'description',
        'Description',
        <textarea
          id={`${id}-description`}
          rows={6}
          value={draft.description}
          onChange={(event) => set('description')(event.target.value)}
        />,
      )}
      <div className={styles.row}>
        {field(
          'sol_goal',
          'SOL goal',
          text('sol_goal', 'number', { min: '0', step: '0.01', inputMode: 'decimal' }),
        )}
        {field('deadline', 'Deadline', text('deadline', 'date'))}
      </div>
      {field(
        'receiving_wallet',
        'Receiving wallet',
        walletLocked ? (
          // the whole address, wrapped, to read and copy: a phone-wide input would cut it off
          <textarea
            id={`${id}-receiving_wallet`}
            className={`${styles.mono} ${styles.locked}`}
            rows={2}
            value={draft.receiving_wallet}
            readOnly
            aria-describedby={`${id}-wallet-note`}
          />
        ) : (
          text('receiving_wallet', 'text', {
            spellCheck: false,
            autoComplete: 'off',
            className: styles.mono,
            'aria-describedby': `${id}-wallet-note`,
          })
        ),
        walletLocked ? (
          <p id={`${id}-wallet-note`} className={styles.hint}>
            {WALLET_LOCKED_TEXT}
          </p>
        ) : walletChanged ? (
          <p id={`${id}-wallet-note`} className={styles.warning} role="status">
            {draft.receiving_wallet.trim() !== connectedWallet ? 'This is not your connected wallet. ' : ''}
            Verify the address: donations go straight to it and cannot be reversed.
          </p>
        ) : (
          <p id={`${id}-wallet-note`} className={styles.hint}>
            Donations go straight to this wallet. It defaults to your connected wallet.
          </p>
        ),
      )}
      {field(
        'video_url',
        'Video link (optional)',
        text('video_url', 'url', { placeholder: 'https://www.youtube.com/watch?v=…' }),
        <p className={styles.hint}>YouTube or Vimeo.</p>,
      )}
      <div className={styles.field}>
        <span className={styles.label}>Proof images{requireImages ? '' : ' (optional)'}</span>
        <ImagePicker
          kept={kept}
          files={files}
          onRemoveKept={(imageId) => setDeleted((d) => [...d, imageId])}
          onFiles={setFiles}
        />
      </div>
      {(error ?? serverError) && (
        <p className={styles.error} role="alert">
          {error ?? serverError}
        </p>
      )}
      <button type="submit" className={buttonClass('primary', { block: true })} disabled={busy}>
        {busy ? 'Saving…' : submitLabel}
      </button>
    </form>
  )
}
