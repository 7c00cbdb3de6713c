// /airdrops/invest/:campaign_id: the investment interest form; without an approved KYC, the KYC screen first
// (issue 29: not a form whose submit then fails).
import { useSetAtom } from 'jotai'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { Navigate, useNavigate, useParams } from 'react-router-dom'
import { FormSubmit } from '../../../components/FormSubmit'
import page from '../../../components/Page.module.css'
import ui from '../../../components/Ui.module.css'
import { SkeletonBlock } from '../../../components/Skeleton'
import { TextField, type ControlProps } from '../../../components/TextField'
import { fetchCampaign, submitIntent } from '../../../lib/airdrops.api'
import { authApi } from '../../../state/api'
import { pushToastAtom } from '../../../state/toast.atoms'
import { useSubmit } from '../../../state/use-submit'
import { useLoad } from '../../../lib/use-load'
import { useCurrentUser } from '../../../state/use-current-user'
import { useFailureToast } from '../../../state/use-failure-toast'
import { INVEST_TEXT } from './invest-gate'
import {
  INTEREST_FAILED,
  investBody,
  validateInvest,
  type InvestErrors,
  type InvestValues,
} from './invest-form'

export default function InvestPage() {
  const { campaign_id: campaignId = '' } = useParams()
  const id = useId()
  const toast = useSetAtom(pushToastAtom)
  const navigate = useNavigate()
  const campaign = useLoad((signal) => fetchCampaign(authApi, campaignId, signal), `inv-${campaignId}`)
  const [values, setValues] = useState<InvestValues>({
    proposed_amount: '',
    equity_percentage: '',
    message: '',
    contact_info: '',
  })
  const [errors, setErrors] = useState<InvestErrors>({})
  const { busy, failure, submit: send } = useSubmit()

  const user = useCurrentUser()
  const needsKyc = user !== null && user.kyc.status !== 'approved'
  useEffect(() => {
    if (needsKyc) toast({ kind: 'error', text: INVEST_TEXT.kyc })
  }, [needsKyc, toast])

  useFailureToast(campaign.error, 'Campaign not found or unavailable')
  if (needsKyc) return <Navigate to="/investor/kyc" replace />
  if (campaign.error) return <Navigate to="/airdrops" replace />

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = validateInvest(values)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    const outcome = await send(() => submitIntent(authApi, campaignId, investBody(values)), {
      failed: INTEREST_FAILED,
    })
    if (!outcome?.ok) return
    toast({ kind: 'success', text: 'Interest submitted. An admin will review it.' })
    navigate('/investor/dashboard')
  }

  const field = (key: keyof InvestValues, label: string, extra: ControlProps = {}) => (
    <TextField
      {...extra}
      id={`${id}-${key}`}
      label={label}
      multiline={key === 'message'}
      value={values[key]}
      error={errors[key]}
      onChange={(value) => setValues({ ...values, [key]: value })}
    />
  )

  return (
    <main className={page.narrow}>
      <header className={ui.header}>
        <span className={page.eyebrow}>Express interest</span>
        <h1>{campaign.data ? campaign.data.project_name : 'Invest in a campaign'}</h1>
        <p className={ui.muted}>
          An admin reviews your interest; once approved, a private chat with the project opens.
        </p>
      </header>
      {campaign.loading ? (
        <SkeletonBlock height={360} />
      ) : (
        <form
          className={`${page.card} ${ui.form}`}
          onSubmit={submit}
          noValidate
          aria-label="Investment interest"
        >
          {field('proposed_amount', 'Proposed amount (SOL)', {
            type: 'number',
            inputMode: 'decimal',
            min: '0',
            step: '0.01',
            placeholder: '0.00',
          })}
          {field('equity_percentage', 'Equity % (optional)', {
            type: 'number',
            inputMode: 'decimal',
            min: '0',
            max: '100',
            step: '0.01',
          })}
          {field('message', 'Message', { maxLength: 4000 })}
          {field('contact_info', 'Contact info (optional)', { placeholder: 'Telegram, e-mail…' })}
          <FormSubmit failure={failure} busy={busy} label="Submit interest" busyLabel="Submitting…" />
        </form>
      )}
    </main>
  )
}
