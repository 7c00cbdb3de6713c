// The currency (SOL or USDC), amount, tip (the platform's tip percent auto-filled, editable to 0), total in that
// currency (with the SOL rent a USDC gift pays when it opens the campaign's USDC account), an optional comment and
// 'Donate with {wallet}'.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { buttonClass } from '../../components/button'
import {
  DONATION_TEXT,
  suggestedTip,
  totalText,
  validateDonation,
  type DonationValues,
} from './donation-math'
import styles from './DonationForm.module.css'
import { OfflineNote } from '../../components/OfflineNote'
import { TextArea } from '../../components/TextArea'
import { useOnline } from '../../lib/use-online'
import { useTakenOver } from '../../lib/use-taken-over'
import type { Currency } from '../../lib/money'
import { CurrencyPicker } from './CurrencyPicker'
import { UsdcAccountRent } from './UsdcAccountRent'
import type { TypedDonation } from './donation-detour'

export interface DonationRequest extends DonationValues {
  comment: string | null
}

/** An amount typed with the decimal keypad, the unit shown inside the field. */
function AmountField(props: {
  id: string
  label: string
  unit: Currency
  value: string
  onChange: (value: string) => void
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={props.id}>{props.label}</label>
      <div className={props.unit.length > 3 ? `${styles.input} ${styles.wideUnit}` : styles.input}>
        <input
          id={props.id}
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          placeholder="0.00"
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        />
        <span className={styles.unit}>{props.unit}</span>
      </div>
    </div>
  )
}

export function DonationForm({
  walletName,
  currency = 'SOL',
  onCurrencyChange,
  accountRent = null,
  tipPercent,
  busyLabel,
  error,
  onDonate,
  onValuesChange,
  onIntent,
  restore,
}: {
  walletName: string
  /** what the amount, tip and total are in */
  currency?: Currency
  /** offers the choice of currency (absent: SOL only, e.g. a server without USDC) */
  onCurrencyChange?: (currency: Currency) => void
  /** lamports of SOL rent a USDC gift adds to open the campaign's USDC account; null or 0n: none */
  accountRent?: bigint | null
  /** config tip_percent; null while the config loads (the tip is suggested once it arrives) */
  tipPercent: number | null
  /** The button's text while a donation runs; null when idle. */
  busyLabel: string | null
  error: string | null
  /** `typed`: the fields as typed, to put back after a detour (the register screen) */
  onDonate: (request: DonationRequest, typed: TypedDonation) => void
  /** the amount and tip as typed, when valid (else null): the phone QR panel shows the same */
  onValuesChange?: (values: DonationValues | null) => void
  /** the first sign that a donation is coming (a tap or focus in the form): time to load what paying needs */
  onIntent?: () => void
  /** What the donor had typed before a detour: put back in the form, which comes into view with Donate focused */
  restore?: TypedDonation | null
}) {
  const id = useId()
  const takenOver = useTakenOver()
  const online = useOnline()
  const [amount, setAmount] = useState('')
  // null until the donor types a tip: the suggestion then follows the amount, and the tip percent too when the
  // config arrives after the amount was typed (a donor on a slow network must not lose the platform's tip).
  const [typedTip, setTypedTip] = useState<string | null>(null)
  const tip = typedTip ?? (tipPercent === null ? '' : suggestedTip(amount, tipPercent, currency))
  const [withComment, setWithComment] = useState(false)
  const [comment, setComment] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)
  const total = totalText(amount, tip, currency)
  const [back, setBack] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const submitRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!restore) return
    setAmount(restore.amount)
    setTypedTip(restore.tip)
    setWithComment(restore.withComment)
    setComment(restore.comment)
    setInvalid(null)
    setBack(true)
    formRef.current?.scrollIntoView?.({ block: 'center' })
  }, [restore])
  // One tap continues: Donate takes the focus once the form answers (after the app took the page over).
  useEffect(() => {
    if (back && takenOver) submitRef.current?.focus({ preventScroll: true })
  }, [back, takenOver])

  // A check's complaint is about what was typed then: typing again takes it away.
  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      setInvalid(null)
      set(value)
    }

  useEffect(() => {
    const checked = validateDonation(amount, tip, currency)
    onValuesChange?.('error' in checked ? null : checked)
  }, [amount, tip, currency, onValuesChange])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = validateDonation(amount, tip, currency)
    if ('error' in checked) return setInvalid(checked.error)
    setInvalid(null)
    setBack(false)
    onDonate(
      { ...checked, comment: withComment && comment.trim() ? comment.trim() : null },
      { amount, tip: typedTip, withComment, comment },
    )
  }

  const shown = invalid ?? error
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      onFocus={onIntent}
      onPointerDown={onIntent}
      noValidate
      aria-label="Donation"
    >
      {/* The server renders this form into /donate/{id}: until the app takes it over, nothing in it answers. */}
      <fieldset className={styles.controls} disabled={!takenOver}>
        {onCurrencyChange && (
          <CurrencyPicker
            name={`${id}-currency`}
            value={currency}
            onChange={(chosen) => {
              onCurrencyChange(chosen)
              setTypedTip(null)
              setInvalid(null)
            }}
          />
        )}
        <div className={styles.row}>
          <AmountField
            id={`${id}-amount`}
            label="Amount"
            unit={currency}
            value={amount}
            onChange={edited((value: string) => {
              setAmount(value)
              setTypedTip(null)
            })}
          />
          <AmountField
            id={`${id}-tip`}
            unit={currency}
            label={tipPercent === null ? 'Tip' : `Tip (${tipPercent}%)`}
            value={tip}
            onChange={edited(setTypedTip)}
          />
        </div>
        <p className={styles.hint}>
          The tip supports the platform and travels in the same transaction. Set it to 0 to skip it.
        </p>
        <div className={styles.total} aria-live="polite">
          <span>Total</span>
          <strong data-testid="donation-total">
            {total ?? '—'} {currency}
          </strong>
        </div>
        {currency === 'USDC' && accountRent ? <UsdcAccountRent lamports={accountRent} /> : null}
        <label className={styles.switch}>
          <input
            type="checkbox"
            role="switch"
            checked={withComment}
            onChange={(event) => setWithComment(event.target.checked)}
          />
          Add a comment
        </label>
        {withComment && (
          <div className={styles.field}>
            <TextArea label="Comment" rows={3} maxLength={500} value={comment} onChange={setComment} />
          </div>
        )}
        {shown && (
          <p className={styles.error} role="alert">
            {shown}
          </p>
        )}
        {back && !shown && (
          <p className={styles.back} role="status">
            {DONATION_TEXT.restored}
          </p>
        )}
        <OfflineNote action="donating" />
        <button
          ref={submitRef}
          type="submit"
          className={buttonClass('primary', { block: true })}
          disabled={busyLabel !== null || !online}
        >
          {busyLabel ?? `Donate with ${walletName}`}
        </button>
      </fieldset>
    </form>
  )
}
