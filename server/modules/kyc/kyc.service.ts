// KYC: submit (private ID image), my status, admin queue and review. Other modules ask this service
// (kycStatusOf, requireApprovedKyc, kycNames), never its repository.
import type { KycMe, KycSubmission } from '../../../api-contract/kyc'
import type { KycStatus } from '../../../api-contract/users'
import type { Db } from '../../db/client'
import { decidePending } from '../../db/decide-pending'
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors'
import { type MultipartForm, requiredText } from '../../lib/multipart'
import type { PageRequest } from '../../lib/pagination'
import type { AuthUser } from '../../plugins/auth'
import type { StoredFile } from '../../storage'
import { cleanImage } from '../../storage/images'
import { assertStorageRoom } from '../../storage/quota'
import { type PrivateUploadDeps, stageFiles, stagingFor, storeWithFiles } from '../../storage/staged-files'
import { approvedNames, findKyc, insertKycIfNoLive, latestKyc, pendingKyc } from './kyc.repository'
import { presentForAdmin, presentKyc } from './kyc.present'
import { ID_TYPES, type KycRow, kycSubmissions } from './kyc.table'

export const KYC_ALREADY_SUBMITTED = 'KYC already submitted and under review or approved.'

export async function kycStatusOf(db: Db, userId: number): Promise<KycStatus> {
  return (await latestKyc(db, userId))?.status ?? 'not_submitted'
}

/** Throws 403 with `message` unless the user's KYC is approved. */
export async function requireApprovedKyc(db: Db, userId: number, message: string): Promise<void> {
  if ((await kycStatusOf(db, userId)) !== 'approved') throw forbidden(message)
}

/** Full names from approved KYC, by user id. */
export const kycNames = (db: Db, userIds: number[]) => approvedNames(db, userIds)

export function kycService(deps: PrivateUploadDeps) {
  const { config, db, clock, privateStore } = deps
  const present = (row: KycRow) => presentKyc(row, config.publicUrl)

  return {
    async submit(user: AuthUser, form: MultipartForm): Promise<KycSubmission> {
      const { fields } = form
      const fullName = requiredText(fields, 'full_name', 200)
      const country = requiredText(fields, 'country', 100)
      const fullAddress = requiredText(fields, 'full_address', 500)
      const idType = (fields.id_type ?? '').trim() || 'passport'
      if (!(ID_TYPES as readonly string[]).includes(idType))
        throw badRequest('validation_error', 'id_type must be passport, national_id or driver_license.')
      const file = form.files.find((f) => f.field === 'id_image')
      if (!file) throw badRequest('validation_error', 'id_image is required.')
      const live = await latestKyc(db, user.id)
      if (live && live.status !== 'rejected') throw conflict('kyc_already_submitted', KYC_ALREADY_SUBMITTED)
      await assertStorageRoom(db, user.id, config.uploadQuotaBytes)
      const image = await cleanImage(file.body)
      const staged = await stageFiles(stagingFor(config, db, privateStore, 'private'), user.id, [image])
      const row = await storeWithFiles(db, staged, async (tx) => {
        const inserted = await insertKycIfNoLive(tx, {
          userId: user.id,
          fullName,
          country,
          fullAddress,
          idType: idType as KycRow['idType'],
          idImageName: staged.files[0]!.fileName,
          idImageType: image.mime,
          submittedAt: clock(),
        })
        if (!inserted) throw conflict('kyc_already_submitted', KYC_ALREADY_SUBMITTED)
        return inserted
      })
      return present(row)
    },

    async me(userId: number): Promise<KycMe> {
      const row = await latestKyc(db, userId)
      return row ? present(row) : { status: 'not_submitted' }
    },

    async pending(at: PageRequest) {
      const { rows, total } = await pendingKyc(db, at)
      return { total, results: rows.map((row) => presentForAdmin(row, config.publicUrl)) }
    },

    async review(admin: AuthUser, id: number, action: 'approve' | 'reject', reason?: string | null) {
      const row = await findKyc(db, id)
      if (!row) throw notFound('KYC submission not found.')
      const why = (reason ?? '').trim()
      if (action === 'reject' && !why)
        throw badRequest('reason_required', 'A reason is required to reject a KYC submission.')
      const reviewed = await decidePending(db, kycSubmissions, id, {
        status: action === 'approve' ? 'approved' : 'rejected',
        rejectionReason: action === 'reject' ? why : null,
        reviewedBy: admin.id,
        reviewedAt: clock(),
      })
      if (!reviewed) throw conflict('kyc_not_pending', 'This KYC submission has already been reviewed.')
      return { message: action === 'approve' ? 'KYC approved.' : 'KYC rejected.' }
    },

    /** The ID image, for its owner and admins only (403 for anyone else). */
    async image(viewer: AuthUser, id: number): Promise<StoredFile & { mime: string }> {
      const row = await findKyc(db, id)
      if (!row) throw notFound('KYC submission not found.')
      if (row.userId !== viewer.id && !viewer.isAdmin) throw forbidden()
      const file = await privateStore.get(row.idImageName)
      if (!file) throw new AppError('not_found', 'File not found.', 404)
      return { ...file, mime: row.idImageType }
    },
  }
}
