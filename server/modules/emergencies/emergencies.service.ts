// Emergencies: create, edit, delete (soft), read. Owner-only edits are decided here, not in the routes.
import type { Emergency } from '../../../api-contract/emergencies'
import type { LedgerClock } from '../../chain/ledger-clock'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { Clock } from '../../lib/clock'
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors'
import type { AuthUser } from '../../plugins/auth'
import type { FileStore } from '../../storage'
import { cleanImage } from '../../storage/images'
import { assertStorageRoom } from '../../storage/quota'
import { removeJournaled } from '../../storage/file-journal'
import { releaseImages, type Staging, stageFiles, stagingFor } from '../../storage/staged-files'
import { awardForEmergencyCreated } from '../badges/badges.service'
import {
  countImages,
  deleteImages,
  type EmergencyWithOwner,
  findEmergency,
  findEmergencyWithImages,
  imagesOf,
  insertEmergency,
  insertImages,
  lockEmergency,
  updateEmergency,
} from './emergencies.repository'
import type { NewEmergency } from './emergencies.table'
import {
  type EmergencyForm,
  emergencyValues,
  imageIdsToDelete,
  MAX_PROOF_IMAGES,
  receivingWalletLocked,
} from './emergency-input'
import { presentEmergency } from './emergencies.present'
import { findEmergencyCard } from './emergency-card.repository'
import { changeWallet, closeWallet, firstWallet } from './wallet-history'

export const EMERGENCY_NOT_FOUND = 'Emergency not found.'
const walletLocked = () =>
  conflict('receiving_wallet_locked', 'The receiving wallet cannot be changed once donations were received.')

export interface EmergenciesDeps {
  config: Pick<Config, 'publicUrl' | 'uploadQuotaBytes' | 'requestTimeoutMs'>
  db: Db
  store: FileStore
  clock: Clock
  /** stamps the wallet history, whose times are compared with block times (server/chain/ledger-clock.ts) */
  ledgerClock: LedgerClock
}

/** The emergency, if `viewer` may see it (else 404): not deleted, and a confirmed scam only to its owner and admins. */
export function visibleTo<R extends Pick<EmergencyWithOwner, 'deletedAt' | 'ownerId' | 'reviewStatus'>>(
  viewer: AuthUser | null,
  row: R | undefined,
): R {
  if (!row || row.deletedAt) throw notFound(EMERGENCY_NOT_FOUND)
  const privileged = viewer && (viewer.id === row.ownerId || viewer.isAdmin)
  if (row.reviewStatus === 'confirmed_scam' && !privileged) throw notFound(EMERGENCY_NOT_FOUND)
  return row
}

/**
 * The emergency a donation may be recorded for: any that exists, deleted ones included; the chain and the wallet
 * history decide the rest (a deleted emergency's wallet history ends when it was deleted).
 */
export async function findDonatableEmergency(db: Db, id: number): Promise<EmergencyWithOwner> {
  const row = await findEmergency(db, id)
  if (!row) throw notFound(EMERGENCY_NOT_FOUND)
  return row
}

export function emergenciesService({ config, db, store, clock, ledgerClock }: EmergenciesDeps) {
  const today = () => clock().toISOString().slice(0, 10)

  async function present(row: EmergencyWithOwner): Promise<Emergency> {
    return presentEmergency(row, await imagesOf(db, [row.id]), clock(), config.publicUrl)
  }

  const staging = stagingFor(config, db, store, 'public')

  /**
   * The proof images' pipeline, also for an update's images: re-encodes every image first (any refusal stops before
   * a byte is written), then writes them all with their responsive copies.
   */
  async function stageImages(userId: number, buffers: Buffer[]): Promise<Staging> {
    if (buffers.length > 0) await assertStorageRoom(db, userId, config.uploadQuotaBytes)
    const cleaned = []
    for (const buffer of buffers) cleaned.push(await cleanImage(buffer, { variants: true }))
    return stageFiles(staging, userId, cleaned)
  }

  /** The emergency if it exists and is not deleted; a confirmed scam only for its owner and admins. */
  const visible = async (id: number, viewer: AuthUser | null) =>
    visibleTo(viewer, await findEmergency(db, id))

  async function owned(id: number, user: AuthUser): Promise<EmergencyWithOwner> {
    const row = await findEmergency(db, id)
    if (!row || row.deletedAt) throw notFound(EMERGENCY_NOT_FOUND)
    if (row.ownerId !== user.id) throw forbidden('You can only change your own emergencies.')
    return row
  }

  return {
    visible,
    owned,
    present,
    stageImages,

    /** One statement: the row with its images. */
    async detail(id: number, viewer: AuthUser | null): Promise<Emergency> {
      const row = visibleTo(viewer, await findEmergencyWithImages(db, id))
      return presentEmergency(row, row.images, clock(), config.publicUrl)
    },

    async create(user: AuthUser, form: EmergencyForm): Promise<Emergency> {
      const values = emergencyValues(form.fields, { partial: false, today: today() })
      if (form.images.length === 0)
        throw badRequest('proof_images_required', 'At least one proof image is required.')
      const staged = await stageImages(user.id, form.images)
      try {
        const id = await db.transaction(async (tx) => {
          const row = await insertEmergency(tx, { ...(values as NewEmergency), ownerId: user.id })
          await firstWallet(tx, row.id, row.receivingWallet)
          await insertImages(tx, row.id, staged.files)
          await staged.commit(tx)
          await awardForEmergencyCreated(tx, user.id, row.id)
          return row.id
        })
        return present((await findEmergency(db, id))!)
      } catch (error) {
        await staged.discard()
        throw error
      }
    },

    async update(user: AuthUser, id: number, form: EmergencyForm): Promise<Emergency> {
      const current = await owned(id, user)
      const values = emergencyValues(form.fields, { partial: true, today: today() })
      const toDelete = imageIdsToDelete(form.fields.delete_images)
      const movesWallet = (row: { receivingWallet: string }) =>
        values.receivingWallet !== undefined && values.receivingWallet !== row.receivingWallet
      // Early answer before any image is decoded; decided again under the row lock below.
      if (movesWallet(current) && receivingWalletLocked(current)) throw walletLocked()
      // Read before the row is locked (it may ask the ledger), whenever the edit names a wallet.
      const changedAt = values.receivingWallet === undefined ? undefined : await ledgerClock.now()
      const staged = await stageImages(user.id, form.images)
      let removed: string[]
      try {
        removed = await db.transaction(async (tx) => {
          // The row lock orders this edit with any donation being credited (which updates the row): a donation
          // recorded before the lock is counted here, one recorded after sees the new wallet in the history.
          const locked = await lockEmergency(tx, id)
          if (!locked || locked.deletedAt) throw notFound(EMERGENCY_NOT_FOUND)
          if (movesWallet(locked)) {
            if (receivingWalletLocked(locked)) throw walletLocked()
            await changeWallet(tx, id, values.receivingWallet!, changedAt!)
          }
          const deleted = await deleteImages(tx, id, toDelete)
          if (deleted.length !== toDelete.length)
            throw badRequest('validation_error', 'delete_images lists an image of another emergency.')
          // Released before the new images are charged; their files go after the commit (journaled here, so a
          // crash cannot orphan them).
          const released = await releaseImages(tx, current.ownerId, deleted)
          const remaining = (await countImages(tx, id)) + staged.files.length
          if (remaining < 1)
            throw badRequest('proof_images_required', 'At least one proof image is required.')
          if (remaining > MAX_PROOF_IMAGES)
            throw new AppError(
              'payload_too_large',
              `Too many images. At most ${MAX_PROOF_IMAGES} per emergency.`,
              413,
            )
          await insertImages(tx, id, staged.files)
          await staged.commit(tx)
          await updateEmergency(tx, id, { ...values, updatedAt: clock() })
          return released
        })
      } catch (error) {
        await staged.discard()
        throw error
      }
      await removeJournaled(db, store, removed)
      return present((await findEmergency(db, id))!)
    },

    /**
     * Soft delete: the emergency leaves every list and its page answers 404, but the row (and its images) stay,
     * so donations made to it remain in their donors' history and verifiable on the public feed.
     */
    async remove(user: AuthUser, id: number): Promise<void> {
      await owned(id, user)
      const closedAt = await ledgerClock.now()
      await db.transaction(async (tx) => {
        const locked = await lockEmergency(tx, id)
        if (!locked || locked.deletedAt) throw notFound(EMERGENCY_NOT_FOUND)
        const now = clock()
        await updateEmergency(tx, id, { deletedAt: now, updatedAt: now })
        // Donations confirmed before now stay recordable; later ones prove nothing (server/modules/emergencies/wallet-history.ts).
        await closeWallet(tx, id, closedAt)
      })
    },
  }
}

export type EmergenciesService = ReturnType<typeof emergenciesService>

/** The emergency as a share card shows it (one query), or undefined when there is no such row. */
export const emergencyCard = (db: Db, id: number) => findEmergencyCard(db, id)
