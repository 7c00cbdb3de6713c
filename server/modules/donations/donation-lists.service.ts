// Reading donations: the public feed with search, per emergency, per donor, sums and tips.
import type { Page } from '../../../api-contract/common'
import type { Donation, DonationStats, LatestTip } from '../../../api-contract/donations'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { AppError } from '../../lib/errors'
import { formatSol, parseSol } from '../../lib/money'
import { type PageRequest, pageOf } from '../../lib/pagination'
import type { AuthUser } from '../../plugins/auth'
import { findVisibleEmergency } from '../emergencies/emergencies.service'
import {
  type DonationWithTitle,
  donationsByDonor,
  donationsToEmergency,
  donorSums,
  type FeedSearch,
  latestTips,
  platformTips,
  publicFeed,
} from './donations.repository'

export const FEED_PAGE = 12
export const EMERGENCY_DONATIONS_PAGE = 10
export const MY_DONATIONS_PAGE = 8
export const LATEST_TIPS = 5

export function presentDonation(row: DonationWithTitle): Donation {
  return {
    id: row.id,
    amount: formatSol(row.amount),
    comment: row.comment,
    created_at: row.createdAt.toISOString(),
    tip_included: row.tipAmount > 0n,
    tip_amount: formatSol(row.tipAmount),
    emergency_title: row.emergencyTitle,
    emergency_id: row.emergencyId,
    tx_hash: row.txHash,
    donor_wallet: row.donorWallet,
    donor_registered: row.donorId !== null,
  }
}

/** One search box, three meanings: a title substring, an exact SOL amount, a signature prefix. */
export function feedSearch(text: string | undefined): FeedSearch | undefined {
  const search = text?.trim()
  if (!search) return undefined
  let lamports: bigint | undefined
  try {
    lamports = parseSol(search)
  } catch (error) {
    if ((error as AppError).code !== 'invalid_amount') throw error
  }
  const txHashPrefix = /^[1-9A-HJ-NP-Za-km-z]{4,88}$/.test(search) ? search : undefined
  return { title: search, lamports, txHashPrefix }
}

export function donationListsService({ config, db }: { config: Pick<Config, 'publicUrl'>; db: Db }) {
  const answer = (url: string, at: PageRequest, found: { rows: DonationWithTitle[]; count: number }) =>
    pageOf(config.publicUrl, url, at, found.count, found.rows.map(presentDonation))

  return {
    feed: async (url: string, at: PageRequest, search?: string): Promise<Page<Donation>> =>
      answer(url, at, await publicFeed(db, feedSearch(search), at)),

    async ofEmergency(url: string, at: PageRequest, id: number, viewer: AuthUser | null) {
      await findVisibleEmergency(db, id, viewer)
      return answer(url, at, await donationsToEmergency(db, id, at))
    },

    mine: async (url: string, at: PageRequest, donorId: number): Promise<Page<Donation>> =>
      answer(url, at, await donationsByDonor(db, donorId, at)),

    async stats(donorId: number): Promise<DonationStats> {
      const sums = await donorSums(db, donorId)
      return { total_donated: formatSol(sums.donated), total_tips: formatSol(sums.tips) }
    },

    async latestTips(donorId: number): Promise<LatestTip[]> {
      const rows = await latestTips(db, donorId, LATEST_TIPS)
      return rows.map((r) => ({
        id: r.id,
        amount: formatSol(r.tipAmount),
        emergency_title: r.emergencyTitle,
        tx_hash: r.txHash,
      }))
    },

    totalTips: async () => ({ total_tips: formatSol(await platformTips(db)) }),
  }
}
