// Flagging an emergency as a scam (anyone) and the admin review (spec §4 "Emergency flagging").
import type { Db } from '../../db/client'
import type { Clock } from '../../lib/clock'
import { badRequest, conflict, notFound } from '../../lib/errors'
import { findEmergency, updateEmergency } from './emergencies.repository'
import { EMERGENCY_NOT_FOUND } from './emergencies.service'

export const FLAGGED_MESSAGE = "Campaign flagged. We'll review it shortly."
export const MAX_REASON = 1000

export function flagsService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /** Records the latest flag; a confirmed scam needs no more flags, a cleared one may be flagged again. */
    async flag(id: number, reason: string | undefined, ip: string): Promise<string> {
      const text = reason?.trim()
      if (!text) throw badRequest('reason_required', 'Please provide a reason.')
      const row = await findEmergency(db, id)
      if (!row || row.deletedAt || row.reviewStatus === 'confirmed_scam') throw notFound(EMERGENCY_NOT_FOUND)
      await updateEmergency(db, id, {
        isFlagged: true,
        flaggedReason: text.slice(0, MAX_REASON),
        flaggedIp: ip,
        flaggedAt: clock(),
        reviewStatus: 'pending',
      })
      return FLAGGED_MESSAGE
    },

    /** approve = confirmed scam (leaves public lists; its owner still sees it under review); reject = cleared. */
    async review(id: number, action: 'approve' | 'reject', comment: string | undefined): Promise<string> {
      const row = await findEmergency(db, id)
      if (!row || row.deletedAt) throw notFound(EMERGENCY_NOT_FOUND)
      if (row.reviewStatus !== 'pending')
        throw conflict('not_flagged', 'This emergency is not awaiting review.')
      const now = clock()
      const reviewComment = comment?.trim() || null
      if (action === 'approve') {
        await updateEmergency(db, id, {
          reviewStatus: 'confirmed_scam',
          reviewComment,
          reviewedAt: now,
        })
        return 'Emergency confirmed as a scam and hidden from public lists.'
      }
      await updateEmergency(db, id, {
        reviewStatus: 'none',
        isFlagged: false,
        flaggedReason: null,
        flaggedIp: null,
        flaggedAt: null,
        reviewComment,
        reviewedAt: now,
      })
      return 'Flag rejected. The emergency is visible again.'
    },
  }
}
