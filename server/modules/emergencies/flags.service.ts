// Flagging an emergency as a scam (anyone) and the admin review.
import type { Db } from '../../db/client'
import type { Clock } from '../../lib/clock'
import { badRequest, conflict, notFound } from '../../lib/errors'
import { findEmergency, updateEmergency } from './emergencies.repository'
import { EMERGENCY_NOT_FOUND } from './emergencies.service'

export const FLAGGED_MESSAGE = "Campaign flagged. We'll review it shortly."
export const MAX_REASON = 1000
/**
 * After an admin clears a flag, the emergency cannot be flagged again for this long: otherwise anyone could put it
 * straight back in the review queue (and mark it flagged on its public page) right after every review.
 */
export const FLAG_COOLDOWN_MS = 24 * 60 * 60 * 1000

export function flagsService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /**
     * Records the latest flag; a confirmed scam needs no more flags, a cleared one may be flagged again once
     * FLAG_COOLDOWN_MS have passed since the review (409 `flag_cooldown` before).
     */
    async flag(id: number, reason: string | undefined, ip: string): Promise<string> {
      const text = reason?.trim()
      if (!text) throw badRequest('reason_required', 'Please provide a reason.')
      const row = await findEmergency(db, id)
      if (!row || row.deletedAt || row.reviewStatus === 'confirmed_scam') throw notFound(EMERGENCY_NOT_FOUND)
      const now = clock()
      const clearedAt = row.reviewStatus === 'none' ? row.reviewedAt : null
      if (clearedAt && now.getTime() - clearedAt.getTime() < FLAG_COOLDOWN_MS) {
        const until = new Date(clearedAt.getTime() + FLAG_COOLDOWN_MS)
        throw conflict(
          'flag_cooldown',
          'An admin reviewed this emergency recently and cleared it. It can be flagged again after ' +
            `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
        )
      }
      await updateEmergency(db, id, {
        isFlagged: true,
        flaggedReason: text.slice(0, MAX_REASON),
        flaggedIp: ip,
        flaggedAt: now,
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
