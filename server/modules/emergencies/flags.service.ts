// Flagging an emergency as a scam (anyone but its owner) and the admin review. Each flag is a record; the public
// 'Under Review' needs an admin's triage or REPORTERS_FOR_REVIEW reporters (docs/decisions/016-flag-rule.md).
import { createHmac } from 'node:crypto'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { Clock } from '../../lib/clock'
import { AppError, badRequest, conflict, notFound } from '../../lib/errors'
import type { PageRequest } from '../../lib/pagination'
import type { AuthUser } from '../../plugins/auth'
import { findEmergency, updateEmergency } from './emergencies.repository'
import { EMERGENCY_NOT_FOUND } from './emergencies.service'
import { presentFlag } from './emergencies.present'
import { addFlag, clearFlags, openFlags } from './flags.repository'

export const FLAGGED_MESSAGE = "Campaign flagged. We'll review it shortly."
export const MAX_REASON = 1000
/**
 * After an admin clears a flag, the emergency cannot be flagged again for this long: otherwise anyone could put it
 * straight back in the review queue right after every review.
 */
export const FLAG_COOLDOWN_MS = 24 * 60 * 60 * 1000
/** Distinct reporters (an address, an account) whose open flags show an emergency publicly as under review. */
export const REPORTERS_FOR_REVIEW = 3
/** Open flags shown with each emergency of the admin's queue (all of them: GET emergency/admin/{id}/flags/). */
export const FLAGS_SHOWN = 20

/**
 * The key reporters' addresses are hashed with: derived from the JWT secret, which every instance shares, so that
 * one address is one reporter on any instance; the address itself is never stored and cannot be read back.
 */
export const reporterKey = (jwtSecret: Uint8Array) =>
  createHmac('sha256', jwtSecret).update('lifeline flag reporters').digest()

/** A reporter as stored: the salted hash (HMAC-SHA256) of their address, 128 bits of it. */
export const reporterOf = (key: Buffer, address: string) =>
  createHmac('sha256', key).update(address).digest('base64url').slice(0, 22)

function cooldownUntil(row: { reviewStatus: string; reviewedAt: Date | null }, now: Date): Date | undefined {
  const clearedAt = row.reviewStatus === 'none' ? row.reviewedAt : null
  if (!clearedAt || now.getTime() - clearedAt.getTime() >= FLAG_COOLDOWN_MS) return undefined
  return new Date(clearedAt.getTime() + FLAG_COOLDOWN_MS)
}

/**
 * Tells an emergency's registered donors that it was confirmed as a scam, inside that decision's transaction;
 * returns the users told. server/app.ts wires it (notifications and push), so this module imports neither.
 */
export type OnScamConfirmed = (tx: Db, emergency: { id: number; title: string }) => Promise<number[]>

export interface FlagsDeps {
  config: Pick<Config, 'jwtSecret'>
  db: Db
  clock: Clock
  onScamConfirmed: OnScamConfirmed
}

export function flagsService({ config, db, clock, onScamConfirmed }: FlagsDeps) {
  const key = reporterKey(config.jwtSecret)

  /** The emergency if it awaits review (404: none; 409 `not_flagged`: nothing to review). */
  async function pending(id: number) {
    const row = await findEmergency(db, id)
    if (!row || row.deletedAt) throw notFound(EMERGENCY_NOT_FOUND)
    if (row.reviewStatus !== 'pending')
      throw conflict('not_flagged', 'This emergency is not awaiting review.')
    return row
  }

  return {
    /**
     * Records a flag: one per address and one per account while the emergency's flags are open (409
     * `already_flagged`); never its owner's (403 `own_emergency`); a confirmed scam needs none (404); a cleared
     * one may be flagged again once FLAG_COOLDOWN_MS have passed since the review (409 `flag_cooldown`).
     */
    async flag(id: number, reason: string | undefined, address: string, user: AuthUser | null) {
      const text = reason?.trim()
      if (!text) throw badRequest('reason_required', 'Please provide a reason.')
      const row = await findEmergency(db, id)
      if (!row || row.deletedAt || row.reviewStatus === 'confirmed_scam') throw notFound(EMERGENCY_NOT_FOUND)
      if (user?.id === row.ownerId)
        throw new AppError('own_emergency', 'You cannot flag your own emergency.', 403)
      const now = clock()
      const until = cooldownUntil(row, now)
      if (until)
        throw conflict(
          'flag_cooldown',
          'An admin reviewed this emergency recently and cleared it. It can be flagged again after ' +
            `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
        )
      const flag = {
        emergencyId: id,
        reporter: reporterOf(key, address),
        userId: user?.id ?? null,
        reason: text.slice(0, MAX_REASON),
        at: now,
      }
      if ((await addFlag(db, flag, REPORTERS_FOR_REVIEW)) === undefined)
        throw conflict(
          'already_flagged',
          'You have already flagged this emergency. We will review it shortly.',
        )
      return FLAGGED_MESSAGE
    },

    /**
     * approve: a confirmed scam (leaves public lists; its owner still sees it under review; its registered donors
     * are told in the same transaction, by `onScamConfirmed`); triage: publicly under review while the admin looks into it; reject:
     * cleared (its open flags closed, the emergency no longer under review).
     */
    async review(id: number, action: 'approve' | 'triage' | 'reject', comment: string | undefined) {
      const row = await pending(id)
      const now = clock()
      const reviewComment = comment?.trim() || null
      if (action === 'triage') {
        await updateEmergency(db, id, { triagedAt: now, isFlagged: true, reviewComment })
        return 'Emergency marked as under review.'
      }
      if (action === 'approve') {
        const told = await db.transaction(async (tx) => {
          await updateEmergency(tx, id, {
            reviewStatus: 'confirmed_scam',
            isFlagged: true,
            reviewComment,
            reviewedAt: now,
          })
          return onScamConfirmed(tx, row)
        })
        const donors = told.length === 1 ? '1 donor was' : `${told.length} donors were`
        return `Emergency confirmed as a scam and hidden from public lists. ${donors} told.`
      }
      await db.transaction(async (tx) => {
        await clearFlags(tx, id, now)
        await updateEmergency(tx, id, {
          reviewStatus: 'none',
          isFlagged: false,
          flagCount: 0,
          triagedAt: null,
          flaggedReason: null,
          flaggedBy: null,
          flaggedAt: null,
          reviewComment,
          reviewedAt: now,
        })
      })
      return 'Flag rejected. The emergency is visible again.'
    },

    /** A page of the emergency's open flags, newest first (admin). */
    async flagsOf(id: number, at: PageRequest) {
      const row = await findEmergency(db, id)
      if (!row) throw notFound(EMERGENCY_NOT_FOUND)
      return { total: row.flagCount, results: (await openFlags(db, id, at)).map(presentFlag) }
    },
  }
}
