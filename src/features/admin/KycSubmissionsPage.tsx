// /admin/kyc-submissions: pending KYC cards, oldest first.
import { useSetAtom } from 'jotai'
import ui from '../../components/Ui.module.css'
import { Pagination, pageCountOf } from '../../components/Pagination'
import { SkeletonList } from '../../components/Skeleton'
import { listKycSubmissions, reviewKyc } from '../../lib/airdrops.api'
import { authApi } from '../../state/api'
import { pushToastAtom } from '../../state/toast.atoms'
import { AdminScreen } from './AdminScreen'
import { KycReviewCard } from './KycReviewCard'
import styles from './Admin.module.css'
import { useLoad, usePageSearch } from '../../lib/use-load'
import { useFailureToast } from '../../state/use-failure-toast'

export default function KycSubmissionsPage() {
  const toast = useSetAtom(pushToastAtom)
  const [current, setPage] = usePageSearch()
  const list = useLoad((signal) => listKycSubmissions(authApi, current, signal), `kyc-${current}`)
  useFailureToast(list.error, 'Failed to load KYC submissions')

  // a failure is told on its card (KycReviewCard)
  const review = async (id: number, action: 'approve' | 'reject', reason?: string) => {
    const { message } = await reviewKyc(authApi, id, action, reason)
    toast({ kind: 'success', text: message })
    if (list.data)
      list.setData({
        ...list.data,
        count: list.data.count - 1,
        results: list.data.results.filter((s) => s.id !== id),
      })
  }

  return (
    <AdminScreen title="KYC submissions">
      {list.loading ? (
        <SkeletonList count={3} height={420} label="Loading KYC submissions" />
      ) : list.error ? (
        <p className={ui.alert} role="alert">
          Failed to load KYC submissions
        </p>
      ) : !list.data || list.data.results.length === 0 ? (
        <p className={ui.empty}>No pending KYC submissions.</p>
      ) : (
        <div className={styles.kycGrid}>
          {list.data.results.map((submission) => (
            <KycReviewCard
              key={submission.id}
              submission={submission}
              onReview={(action, reason) => review(submission.id, action, reason)}
            />
          ))}
        </div>
      )}
      <Pagination page={current} pageCount={pageCountOf(list.data?.count ?? 0, 10)} onPage={setPage} />
    </AdminScreen>
  )
}
