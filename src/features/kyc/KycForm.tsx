// The KYC form shared by /airdrop/kyc and /investor/kyc.
import { useId, useState, type FormEvent } from 'react'
import { ApiError } from '../../lib/api-client'
import { hasCode } from '../../lib/error-text'
import { uploadLimitText } from '../../lib/upload-limit'
import { useConfig } from '../../state/config'
import { FormSubmit } from '../../components/FormSubmit'
import ui from '../../components/Ui.module.css'
import { TextField } from '../../components/TextField'
import {
  ID_TYPES,
  KYC_TEXT,
  kycFormData,
  validateKyc,
  type KycErrors,
  type KycValues,
} from './kyc-form-rules'

export type KycOutcome = 'submitted' | 'already'

export function KycForm({
  submit,
  onDone,
  onFailed,
  initial,
}: {
  /** What a rejected submission said (the ID image is picked again). */
  initial?: Omit<KycValues, 'id_image'>
  /** Sends the multipart form (POST airdrop/kyc/submit/). */
  submit: (form: FormData) => Promise<unknown>
  onDone: (outcome: KycOutcome) => void
  onFailed: (text: string) => void
}) {
  const id = useId()
  const maxBytes = useConfig()?.max_upload_bytes ?? null
  const [values, setValues] = useState<KycValues>({
    full_name: '',
    country: '',
    full_address: '',
    id_type: 'passport',
    ...initial,
    id_image: null,
  })
  const [errors, setErrors] = useState<KycErrors>({})
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const set = <K extends keyof KycValues>(key: K, value: KycValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }))

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const found = validateKyc(values, maxBytes)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setBusy(true)
    setFailure(null)
    try {
      await submit(kycFormData(values))
      onDone('submitted')
    } catch (caught) {
      if (hasCode(caught, 'kyc_already_submitted')) return onDone('already')
      const detail = caught instanceof ApiError && caught.status < 500 ? caught.message : null
      setFailure(detail ? `${KYC_TEXT.failed}: ${detail}` : KYC_TEXT.failed)
      onFailed(KYC_TEXT.failed)
    } finally {
      setBusy(false)
    }
  }

  const field = (key: 'full_name' | 'country' | 'full_address', label: string, auto: string) => (
    <TextField
      id={`${id}-${key}`}
      label={label}
      autoComplete={auto}
      multiline={key === 'full_address'}
      value={values[key]}
      error={errors[key]}
      describedError
      onChange={(value) => set(key, value)}
    />
  )

  return (
    <form className={ui.form} onSubmit={onSubmit} noValidate aria-label="KYC">
      {field('full_name', 'Full name', 'name')}
      {field('country', 'Country', 'country-name')}
      {field('full_address', 'Full address', 'street-address')}
      <div className={ui.field}>
        <label htmlFor={`${id}-id_type`}>ID type</label>
        <select
          id={`${id}-id_type`}
          value={values.id_type}
          onChange={(event) => set('id_type', event.target.value as KycValues['id_type'])}
        >
          {ID_TYPES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className={ui.field}>
        <label htmlFor={`${id}-id_image`}>ID image</label>
        <input
          id={`${id}-id_image`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          capture="environment"
          aria-invalid={Boolean(errors.id_image)}
          aria-describedby={`${id}-id_image-hint`}
          onChange={(event) => set('id_image', event.target.files?.[0] ?? null)}
        />
        <span id={`${id}-id_image-hint`} className={ui.hint}>
          JPEG, PNG or WebP{maxBytes ? `, up to ${uploadLimitText(maxBytes)}` : ''}. Only you and the
          reviewing admin can see it.
        </span>
        {errors.id_image && <span className={ui.fieldError}>{errors.id_image}</span>}
      </div>
      <FormSubmit failure={failure} busy={busy} label="Submit KYC" busyLabel="Submitting…" />
    </form>
  )
}
