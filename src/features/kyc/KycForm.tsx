// The KYC form shared by /airdrop/kyc and /investor/kyc.
import { useId, type FormEvent } from 'react'
import { hasCode } from '../../lib/error-text'
import { useFields } from '../../lib/use-fields'
import { useConfig } from '../../state/config'
import { useSubmit } from '../../state/use-submit'
import { FormSubmit } from '../../components/FormSubmit'
import { ImagePicker } from '../../components/ImagePicker'
import ui from '../../components/Ui.module.css'
import { TextField } from '../../components/TextField'
import { ID_TYPES, KYC_TEXT, kycFormData, validateKyc, type KycValues } from './kyc-form-rules'

export type KycOutcome = 'submitted' | 'already'

/** An earlier live submission: told as done, not as a failure. */
const already = (error: unknown) => hasCode(error, 'kyc_already_submitted')

export function KycForm({
  submit,
  onDone,
  initial,
}: {
  /** What a rejected submission said (the ID image is picked again). */
  initial?: Omit<KycValues, 'id_image'>
  /** Sends the multipart form (POST airdrop/kyc/submit/). */
  submit: (form: FormData) => Promise<unknown>
  onDone: (outcome: KycOutcome) => void
}) {
  const id = useId()
  const maxBytes = useConfig()?.max_upload_bytes ?? null
  const { values, errors, set, check } = useFields<KycValues>(() => ({
    full_name: '',
    country: '',
    full_address: '',
    id_type: 'passport',
    ...initial,
    id_image: null,
  }))
  const { busy, failure, submit: send } = useSubmit()

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (!check(validateKyc(values, maxBytes))) return
    const outcome = await send(() => submit(kycFormData(values)), { failed: KYC_TEXT.failed, quiet: already })
    if (outcome?.ok) onDone('submitted')
    else if (outcome && already(outcome.error)) onDone('already')
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
        <span className={ui.label}>ID image</span>
        <ImagePicker
          label="Take or choose a photo of your ID"
          files={values.id_image ? [values.id_image] : []}
          onFiles={(files) => set('id_image', files[0] ?? null)}
          max={1}
          capture="environment"
          note="Only you and the reviewing admin can see it."
          invalid={Boolean(errors.id_image)}
        />
        {errors.id_image && <span className={ui.fieldError}>{errors.id_image}</span>}
      </div>
      <FormSubmit failure={failure} busy={busy} label="Submit KYC" busyLabel="Submitting…" />
    </form>
  )
}
