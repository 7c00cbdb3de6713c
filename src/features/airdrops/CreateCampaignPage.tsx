// /airdrop/create: the campaign form; approved KYC only.
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useId, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { FormSubmit } from '../../components/FormSubmit'
import { ImagePicker } from '../../components/ImagePicker'
import page from '../../components/Page.module.css'
import ui from '../../components/Ui.module.css'
import { SkeletonBlock } from '../../components/Skeleton'
import { TextField, type ControlProps } from '../../components/TextField'
import { errorText, hasCode } from '../../lib/error-text'
import { createCampaign, fetchMyKyc } from '../../lib/airdrops.api'
import { authApi } from '../../state/api'
import { useConfig } from '../../state/config'
import { walletAtom } from '../../state/auth.atoms'
import { pushToastAtom } from '../../state/toast.atoms'
import { useSubmit } from '../../state/use-submit'
import { campaignFormData, validateCampaign, type CampaignValues } from './campaign-form'
import { useFields } from '../../lib/use-fields'
import { useLoad } from '../../lib/use-load'

export const ACCESS_DENIED = 'Access denied. Your KYC is not approved.'
export const CREATE_FAILED = 'Failed to create campaign'

type TextKey = Exclude<keyof CampaignValues, 'image'>

export default function CreateCampaignPage() {
  const id = useId()
  const wallet = useAtomValue(walletAtom)
  const toast = useSetAtom(pushToastAtom)
  const navigate = useNavigate()
  const kyc = useLoad((signal) => fetchMyKyc(authApi, signal), 'kyc-me')
  const maxBytes = useConfig()?.max_upload_bytes ?? null
  const { values, errors, set, check } = useFields<CampaignValues>(() => ({
    project_name: '',
    description: '',
    website: '',
    twitter_handle: '',
    github_url: '',
    sol_goal: '',
    receiving_wallet: wallet ?? '',
    image: null,
  }))
  const { busy, failure, submit: send } = useSubmit()

  const denied = kyc.error !== null || (kyc.data !== null && kyc.data.status !== 'approved')
  useEffect(() => {
    if (kyc.loading || !denied) return
    toast({ kind: 'error', text: kyc.error ? 'KYC status check failed.' : ACCESS_DENIED })
    navigate('/airdrop/start', { replace: true })
  }, [denied, kyc.error, kyc.loading, navigate, toast])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!check(validateCampaign(values, maxBytes))) return
    const forbidden = (error: unknown) => hasCode(error, 'forbidden')
    const outcome = await send(() => createCampaign(authApi, campaignFormData(values)), {
      failed: CREATE_FAILED,
      quiet: forbidden,
    })
    if (outcome?.ok) {
      toast({ kind: 'success', text: 'Campaign created. Pay the listing fee to get it listed.' })
      navigate(`/airdrop/payment/${outcome.value.id}`)
    } else if (outcome && forbidden(outcome.error)) {
      toast({ kind: 'error', text: errorText(outcome.error, ACCESS_DENIED) })
      navigate('/airdrop/start')
    }
  }

  const input = (key: TextKey, label: string, props: ControlProps = {}, hint?: string) => (
    <TextField
      {...props}
      id={`${id}-${key}`}
      label={label}
      multiline={key === 'description'}
      hint={hint}
      value={values[key]}
      error={errors[key]}
      onChange={(value) => set(key, value)}
    />
  )

  if (kyc.loading || denied)
    return (
      <main className={page.narrow} aria-busy="true" aria-label="Checking your KYC">
        <SkeletonBlock height={400} />
      </main>
    )
  const walletChanged = Boolean(
    wallet && values.receiving_wallet.trim() && values.receiving_wallet.trim() !== wallet,
  )
  return (
    <main className={page.narrow}>
      <header className={ui.header}>
        <span className={page.eyebrow}>New campaign</span>
        <h1>Create your campaign</h1>
        <p className={ui.muted}>After creating it, pay the 0.5 SOL listing fee to get it listed.</p>
      </header>
      <form className={`${page.card} ${ui.form}`} onSubmit={submit} noValidate aria-label="Campaign">
        {input('project_name', 'Project name', { maxLength: 200 })}
        {input('description', 'Description')}
        {input('sol_goal', 'SOL goal', {
          type: 'number',
          inputMode: 'decimal',
          min: '0.01',
          step: '0.01',
          placeholder: '0.00',
        })}
        {input(
          'receiving_wallet',
          'Receiving wallet',
          { autoComplete: 'off', spellCheck: 'false' },
          walletChanged
            ? 'This is not your connected wallet. Verify the address: funds sent there cannot be recovered.'
            : 'Defaults to your connected wallet.',
        )}
        <div className={ui.row2}>
          {input('website', 'Website (optional)', { type: 'url', placeholder: 'https://' })}
          {input('github_url', 'GitHub (optional)', { type: 'url', placeholder: 'https://github.com/…' })}
        </div>
        {input('twitter_handle', 'Twitter handle (optional)', { placeholder: '@project' })}
        <div className={ui.field}>
          <span className={ui.label}>Image (optional)</span>
          <ImagePicker
            label="Add the campaign image"
            files={values.image ? [values.image] : []}
            onFiles={(files) => set('image', files[0] ?? null)}
            max={1}
            invalid={Boolean(errors.image)}
          />
          {errors.image && <span className={ui.fieldError}>{errors.image}</span>}
        </div>
        <FormSubmit failure={failure} busy={busy} label="Create Campaign" busyLabel="Creating…" />
      </form>
    </main>
  )
}
