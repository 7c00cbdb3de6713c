// Airdrop campaigns: create (approved KYC only), the listed catalogue, detail, my campaigns. Listing is decided
// by the listing fee (listing-fee.service.ts). Other modules use findCampaignFor* and markInvestorInvolved.
import type { Campaign, CampaignIntentSummary, MyCampaign } from '../../../api-contract/airdrops'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { Clock } from '../../lib/clock'
import { forbidden, notFound } from '../../lib/errors'
import type { MultipartForm } from '../../lib/multipart'
import type { PageRequest } from '../../lib/pagination'
import type { AuthUser } from '../../plugins/auth'
import type { FileStore } from '../../storage'
import { cleanImage } from '../../storage/images'
import { assertStorageRoom } from '../../storage/quota'
import { stageFiles, stagingFor, storeWithFiles } from '../../storage/staged-files'
import { requireApprovedKyc } from '../kyc/kyc.service'
import {
  type CampaignWithOwner,
  campaignsOf,
  findCampaign,
  insertCampaign,
  latestClaims,
  listedCampaigns,
  updateCampaign,
} from './airdrops.repository'
import { presentCampaign, presentClaimSummary } from './airdrops.present'
import { campaignValues } from './campaign-input'

export const CAMPAIGN_NOT_FOUND = 'Campaign not found'
export const KYC_NEEDED_TO_CREATE = 'You cannot create a campaign until your KYC is approved.'

/** Any campaign by id (404 when there is none); the caller decides who may act on it. */
export async function findCampaignOr404(db: Db, id: number): Promise<CampaignWithOwner> {
  const row = await findCampaign(db, id)
  if (!row) throw notFound(CAMPAIGN_NOT_FOUND)
  return row
}

/** The campaign if the viewer may see it: listed, or the viewer's own, or the viewer is an admin. */
export async function findVisibleCampaign(db: Db, id: number, viewer: AuthUser | null) {
  const row = await findCampaign(db, id)
  if (!row || !(row.isListed || viewer?.isAdmin || viewer?.id === row.ownerId))
    throw notFound(CAMPAIGN_NOT_FOUND)
  return row
}

/** Inside the approving transaction: an investor is now involved. */
export async function markInvestorInvolved(tx: Db, campaignId: number): Promise<void> {
  await updateCampaign(tx, campaignId, { hasInvestorInvolved: true })
}

export type IntentsOfCampaigns = (
  db: Db,
  campaignIds: number[],
) => Promise<Map<number, CampaignIntentSummary[]>>

export function campaignsService(deps: {
  config: Pick<Config, 'publicUrl' | 'uploadQuotaBytes' | 'requestTimeoutMs'>
  db: Db
  clock: Clock
  store: FileStore
  intentsOf: IntentsOfCampaigns
}) {
  const { config, db, clock, store, intentsOf } = deps
  const present = (row: CampaignWithOwner) => presentCampaign(row, config.publicUrl)

  return {
    /** Checked before the upload is read: without approved KYC nothing is decoded. */
    async assertMayCreate(user: AuthUser) {
      await requireApprovedKyc(db, user.id, KYC_NEEDED_TO_CREATE)
    },

    async create(user: AuthUser, form: MultipartForm): Promise<Campaign> {
      await requireApprovedKyc(db, user.id, KYC_NEEDED_TO_CREATE)
      const values = campaignValues(form.fields)
      const file = form.files.find((f) => f.field === 'image')
      const hasImage = file !== undefined && file.body.length > 0
      if (hasImage) await assertStorageRoom(db, user.id, config.uploadQuotaBytes)
      const image = hasImage ? [await cleanImage(file.body)] : []
      const staged = await stageFiles(stagingFor(config, db, store, 'public'), user.id, image)
      const imageName = staged.files[0]?.fileName ?? null
      const row = await storeWithFiles(db, staged, (tx) =>
        insertCampaign(tx, { ...values, ownerId: user.id, imageName, createdAt: clock() }),
      )
      return present({ ...row, ownerWallet: user.walletAddress })
    },

    async listed(at: PageRequest) {
      const { rows, total } = await listedCampaigns(db, at)
      return { total, results: rows.map(present) }
    },

    async detail(id: number, viewer: AuthUser | null): Promise<Campaign> {
      return present(await findVisibleCampaign(db, id, viewer))
    },

    async mine(user: AuthUser, at: PageRequest) {
      const { rows, total } = await campaignsOf(db, user.id, at)
      const ids = rows.map((r) => r.id)
      const [claims, intents] = await Promise.all([latestClaims(db, ids), intentsOf(db, ids)])
      const results: MyCampaign[] = rows.map((row) => {
        const claim = claims.get(row.id)
        return {
          ...present(row),
          payment: claim ? presentClaimSummary(claim) : null,
          investment_intents: intents.get(row.id) ?? [],
        }
      })
      return { total, results }
    },

    /** The campaign if `user` owns it: 404 when there is none, 403 for anyone else. */
    async owned(id: number, user: AuthUser) {
      const row = await findCampaignOr404(db, id)
      if (row.ownerId !== user.id) throw forbidden()
      return row
    },
  }
}

export type CampaignsService = ReturnType<typeof campaignsService>
