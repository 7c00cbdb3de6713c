// Campaign updates: the owner of an emergency posts text and up to 4 images (the proof images' pipeline); the owner
// or an admin removes one. Posting also writes the followers' notice, in the same transaction.
import type { Page, PageQuery } from '../../../api-contract/common'
import { type EmergencyUpdate, MAX_UPDATE_TEXT } from '../../../api-contract/updates'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { conflict, forbidden, notFound } from '../../lib/errors'
import { loadPage } from '../../lib/load-page'
import { requiredText } from '../../lib/multipart'
import type { AuthUser } from '../../plugins/auth'
import type { FileStore } from '../../storage'
import { removeJournaled } from '../../storage/file-journal'
import { releaseImages } from '../../storage/staged-files'
import {
  EMERGENCY_NOT_FOUND,
  type EmergenciesService,
  findDonatableEmergency,
  visibleTo,
} from '../emergencies/emergencies.service'
import type { EmergencyForm } from '../emergencies/emergency-input'
import { queueUpdateNotice } from '../push/push.service'
import { deleteUpdate, findUpdate, insertUpdate, insertUpdateImages, updatesPage } from './updates.repository'
import { presentUpdate } from './updates.present'

export const UPDATES_PAGE = 10

export interface UpdatesDeps {
  config: Pick<Config, 'publicUrl'>
  db: Db
  store: FileStore
  emergencies: EmergenciesService
}

export function updatesService({ config, db, store, emergencies }: UpdatesDeps) {
  /** The emergency the user may post on: their own (403 otherwise), not deleted (404), not a confirmed scam (409). */
  async function postable(emergencyId: number, user: AuthUser) {
    const emergency = await emergencies.owned(emergencyId, user)
    if (emergency.reviewStatus === 'confirmed_scam')
      throw conflict('under_review', 'This emergency is under review: updates cannot be posted.')
    return emergency
  }

  return {
    postable,

    async post(user: AuthUser, emergencyId: number, form: EmergencyForm): Promise<EmergencyUpdate> {
      const emergency = await postable(emergencyId, user)
      const text = requiredText(form.fields, 'text', MAX_UPDATE_TEXT)
      const staged = await emergencies.stageImages(user.id, form.images)
      try {
        const { update, images } = await db.transaction(async (tx) => {
          const update = await insertUpdate(tx, { emergencyId, authorId: user.id, text })
          const images = await insertUpdateImages(tx, update.id, staged.files)
          await staged.commit(tx)
          await queueUpdateNotice(tx, emergency, update)
          return { update, images }
        })
        return presentUpdate(update, images, config.publicUrl)
      } catch (error) {
        await staged.discard()
        throw error
      }
    },

    /** Newest first; 404 as the emergency's page (deleted, or a confirmed scam unless the viewer may see it). */
    async list(
      request: { url: string; query: PageQuery },
      emergencyId: number,
      viewer: AuthUser | null,
    ): Promise<Page<EmergencyUpdate>> {
      visibleTo(viewer, await findDonatableEmergency(db, emergencyId))
      return loadPage(config.publicUrl, request, UPDATES_PAGE, async (at) => {
        const { rows, total } = await updatesPage(db, emergencyId, at)
        return { total, results: rows.map((row) => presentUpdate(row, row.images, config.publicUrl)) }
      })
    },

    /** The owner or an admin; the images' files go after the commit. */
    async remove(user: AuthUser, emergencyId: number, updateId: number): Promise<void> {
      const emergency = await findDonatableEmergency(db, emergencyId)
      if (emergency.deletedAt) throw notFound(EMERGENCY_NOT_FOUND)
      if (emergency.ownerId !== user.id && !user.isAdmin)
        throw forbidden("Only the emergency's owner or an admin can remove its updates.")
      const update = await findUpdate(db, emergencyId, updateId)
      if (!update) throw notFound('Update not found.')
      const removed = await db.transaction(async (tx) =>
        releaseImages(tx, update.authorId, await deleteUpdate(tx, updateId)),
      )
      await removeJournaled(db, store, removed)
    },
  }
}
