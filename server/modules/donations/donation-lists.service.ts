// Reading donations: the public feed with search, per emergency, per donor, sums and tips.
import type { CursorPage, ListQuery } from '../../../api-contract/common'
import type {
  Donation,
  DonationFeedQuery,
  DonationStats,
  LatestTip,
  RaisedStats,
} from '../../../api-contract/donations'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { AppError } from '../../lib/errors'
import type { ListSpec } from '../../lib/list-window'
import { type CursorList, loadPage } from '../../lib/load-page'
import { countedSlice, positionedRows, windowSlice } from '../../lib/window-slice'
import { formatAmount, formatSol, parseAmount } from '../../lib/money'
import { CURRENCIES, type Currency } from '../../../api-contract/common'
import type { AuthUser } from '../../plugins/auth'
import { visibleTo } from '../emergencies/emergencies.service'
import {
  countDonorDonations,
  countFeedMatches,
  donorDonations,
  emergencyDonationPage,
  feedDonations,
  feedPage,
  type FeedSearch,
} from './donation-lists.repository'
import { presentDonation, presentTip } from './donations.present'
import {
  type DonationWithTitle,
  donorSums,
  latestTips,
  ownerRaised,
  platformTips,
} from './donations.repository'

export const FEED_PAGE = 12
export const EMERGENCY_DONATIONS_PAGE = 10
export const MY_DONATIONS_PAGE = 8
export const LATEST_TIPS = 5

type IdKey = readonly [number]
export const FEED_LIST: ListSpec<IdKey> = { list: 'feed', keyLength: 1, defaultSize: FEED_PAGE }
export const EMERGENCY_DONATIONS_LIST: ListSpec<IdKey> = {
  list: 'emergency-donations',
  keyLength: 1,
  defaultSize: EMERGENCY_DONATIONS_PAGE,
}
export const MY_DONATIONS_LIST: ListSpec<IdKey> = {
  list: 'my-donations',
  keyLength: 1,
  defaultSize: MY_DONATIONS_PAGE,
}

/** The text as an exact amount: "0.5" in either currency, "5 USDC" or "0.5 sol" in the one named. */
function amountsOf(text: string): FeedSearch['amounts'] {
  const named = /^(\S+)\s*(sol|usdc)$/i.exec(text)
  const number = named ? named[1]! : text
  const currencies = named ? [named[2]!.toUpperCase() as Currency] : CURRENCIES
  const amounts = currencies.flatMap((currency) => {
    try {
      return [{ currency, units: parseAmount(currency, number) }]
    } catch (error) {
      if ((error as AppError).code !== 'invalid_amount') throw error
      return []
    }
  })
  return amounts.length > 0 ? amounts : undefined
}

/** One search box, three meanings: a title substring, an exact amount, a signature prefix. */
export function feedSearch(text: string | undefined): FeedSearch | undefined {
  const search = text?.trim()
  if (!search) return undefined
  const amounts = amountsOf(search)
  const txHashPrefix = /^[1-9A-HJ-NP-Za-km-z]{4,88}$/.test(search) ? search : undefined
  // A bare amount is not looked for in titles unless it holds a word of 3 characters or more ("2025").
  const title = amounts !== undefined && !/[\p{L}\p{N}]{3}/u.test(search) ? undefined : search
  return { title, amounts, txHashPrefix }
}

export function donationListsService({ config, db }: { config: Pick<Config, 'publicUrl'>; db: Db }) {
  /** One of the donation lists: each row keyed by its id, presented by presentDonation. */
  const byId = (spec: ListSpec<IdKey>): CursorList<DonationWithTitle, Donation, IdKey> => ({
    ...spec,
    keyOf: (row) => [row.id] as const,
    present: (rows) => rows.map(presentDonation),
  })
  const feedList = byId(FEED_LIST)
  const emergencyList = byId(EMERGENCY_DONATIONS_LIST)
  const donorList = byId(MY_DONATIONS_LIST)

  return {
    /** Unsearched, the feed's position blocks count it and place deep pages (a page: in one statement); a search
     * counts up to the cap. */
    feed: (url: string, query: DonationFeedQuery): Promise<CursorPage<Donation>> =>
      loadPage(config.publicUrl, { url, query }, feedList, (window) => {
        const search = feedSearch(query.search)
        if (!search && window.mode === 'page') return feedPage(db, window.offset, window.size)
        return positionedRows(db, 'feed', window, search, countFeedMatches, feedDonations)
      }),

    /** The emergency's own counter is the count; its (emergency, id) index serves the rows, read with the
     * emergency in one statement. */
    ofEmergency: (url: string, query: ListQuery, id: number, viewer: AuthUser | null) =>
      loadPage(config.publicUrl, { url, query }, emergencyList, async (window) => {
        const found = await emergencyDonationPage(db, id, windowSlice(window))
        const emergency = visibleTo(viewer, found.emergency)
        return {
          counted: { count: emergency.donationCount },
          rows: found.rows.map((row) => ({ ...row, emergencyTitle: emergency.title })),
        }
      }),

    mine: (url: string, query: ListQuery, donorId: number): Promise<CursorPage<Donation>> =>
      loadPage(config.publicUrl, { url, query }, donorList, async (window) => {
        const counted = { count: await countDonorDonations(db, donorId) }
        const slice = countedSlice(window, counted)
        return { counted, rows: slice ? await donorDonations(db, donorId, slice) : [] }
      }),

    async stats(donorId: number): Promise<DonationStats> {
      const sums = await donorSums(db, donorId)
      return {
        total_donated: formatSol(sums.donated),
        total_tips: formatSol(sums.tips),
        usdc_donated: formatAmount('USDC', sums.usdcDonated),
        usdc_tips: formatAmount('USDC', sums.usdcTips),
      }
    },

    async raised(ownerId: number): Promise<RaisedStats> {
      const sums = await ownerRaised(db, ownerId)
      return {
        emergency_count: sums.emergencies,
        total_raised: formatSol(sums.raised),
        usdc_raised: formatAmount('USDC', sums.usdcRaised),
        donation_count: sums.donations,
        donor_count: sums.donors,
      }
    },

    async latestTips(donorId: number): Promise<LatestTip[]> {
      return (await latestTips(db, donorId, LATEST_TIPS)).map(presentTip)
    },

    totalTips: async () => {
      const tips = await platformTips(db)
      return { total_tips: formatSol(tips.tips), usdc_tips: formatAmount('USDC', tips.usdcTips) }
    },
  }
}
