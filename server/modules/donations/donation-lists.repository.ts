// Donation lists (docs/performance.md, 'Feed and explore reads'): newest first by id, read by position or by
// keyset. The feed search is a union of three indexed lookups (title trigrams, exact amount, tx-hash prefix),
// each cut to the rows a page can need, instead of one OR across the join that no index serves.
import { and, count, desc, eq, inArray, lt, type Placeholder, sql, type SQL } from 'drizzle-orm'
import { type Currency, SEARCH_COUNT_CAP } from '../../../api-contract/common'
import { type Db, rowsOf } from '../../db/client'
import { downSliceSql, downSliceValues, type IdSlice, idSliceSql, type SliceSql } from '../../db/id-slice'
import { belowAt, blockAt, sizeCarried, sizeWritten, skipAt, totalAt } from '../../db/list-positions'
import { keptStatement, preparedPer, preparedPerSize, UNNAMED } from '../../db/prepared'
import type { Counted } from '../../lib/list-window'
import type { WindowRows } from '../../lib/load-page'
import { containsPattern } from '../emergencies/emergencies.repository'
import { emergencies, type EmergencyRow } from '../emergencies/emergencies.table'
import { type DonationWithTitle, toRow, withTitle } from './donations.repository'
import { type DonationRow, donations } from './donations.table'

export interface FeedSearch {
  /** case-insensitive substring of the emergency's title; absent for a bare amount such as "0.5", whose
   * fragments ("0", "5") no trigram index can narrow down */
  title?: string
  /** exact amounts the text reads as, each in its currency ("0.5": 0.5 SOL or 0.5 USDC) */
  amounts?: { currency: Currency; units: bigint }[]
  /** prefix of the signature, when the text is base58 */
  txHashPrefix?: string
}

// Donations to confirmed scams leave the feed. There are few such emergencies: the planner hashes their ids once
// (a hashed SubPlan) and tests each donation against the hash, with no lookup per row.
const inFeed = sql`${donations.emergencyId} not in (select ${emergencies.id} from ${emergencies} where ${emergencies.reviewStatus} = 'confirmed_scam')`

/** Ids of donations matching the search, each branch cut to its first `limit` in the slice's order. */
function matchingIds(search: FeedSearch, slice: IdSlice, limit: number): SQL {
  const { where, orderBy } = idSliceSql(donations.id, slice)
  const bounded = (match: SQL) =>
    sql`(select ${donations.id} from ${donations} where ${and(match, where)} order by ${orderBy} limit ${limit})`
  const branches: SQL[] = []
  if (search.title !== undefined)
    branches.push(
      bounded(
        sql`${donations.emergencyId} in (select ${emergencies.id} from ${emergencies} where ${emergencies.title} ilike ${containsPattern(search.title)})`,
      ),
    )
  for (const { currency, units } of search.amounts ?? [])
    branches.push(bounded(and(eq(donations.amount, units), eq(donations.currency, currency))!))
  if (search.txHashPrefix) branches.push(bounded(sql`${donations.txHash} like ${`${search.txHashPrefix}%`}`))
  return sql.join(branches, sql` union `)
}

/** The feed's rows in a slice (`where`), with titles: the skip runs on donations alone, titles join the rows shown. */
function feedRows(db: Db, { where, orderBy, offset, limit }: SliceSql, matches?: SQL) {
  const ids = db
    .select({ id: donations.id })
    .from(donations)
    .where(and(inFeed, where, matches))
    .orderBy(orderBy)
    .offset(offset)
    .limit(limit)
  return db
    .select(withTitle)
    .from(donations)
    .innerJoin(emergencies, eq(emergencies.id, donations.emergencyId))
    .where(inArray(donations.id, ids))
    .orderBy(orderBy)
}

/** Unsearched pages and next cursors, the feed's hot read misses. */
const feedPageDown = preparedPer((db) => feedRows(db, downSliceSql(donations.id)).prepare(UNNAMED))

/** The public feed: every donation except those to confirmed scams (deleted emergencies' donations stay). */
export async function feedDonations(
  db: Db,
  search: FeedSearch | undefined,
  slice: IdSlice,
): Promise<DonationWithTitle[]> {
  if (!search && slice.direction === 'down')
    return (await feedPageDown(db).execute(downSliceValues(slice))).map(toRow)
  const sliced = idSliceSql(donations.id, slice)
  const { offset, limit } = sliced
  const matches = search
    ? inArray(donations.id, sql`(${matchingIds(search, slice, offset + limit)})`)
    : undefined
  return (await feedRows(db, sliced, matches)).map(toRow)
}

/**
 * An unsearched feed page at 0-based position `q` and the feed's size, in one statement (a `?page=N` miss was two:
 * the position blocks, then the rows): the block holding q is found inside the statement, the skip to the page's
 * rows reads the primary key's index alone (it holds each donation's emergency for the scam test: migration 1700),
 * and only the rows shown are read whole, each with its title. Named, one per page size (written into it:
 * sizeWritten), so each pooled connection parses and plans it once: its generic plan is the custom one (checked at
 * 1M donations with `plan_cache_mode = force_generic_plan`: the blocks' index read backward to the block holding q,
 * the donations' key read backward from it), and PostgreSQL picks it after five executions.
 */
const feedPageAt = preparedPerSize((db, size) => {
  const shown = db
    .select({ id: donations.id })
    .from(donations)
    .where(and(lt(donations.id, belowAt), inFeed))
    .orderBy(desc(donations.id))
    .offset(skipAt)
    .limit(sizeWritten(size))
    .as('shown')
  return keptStatement(
    db,
    db
      .select({
        donation: donations,
        emergencyTitle: sql<string>`(select ${emergencies.title} from ${emergencies} where ${emergencies.id} = ${donations.emergencyId})`,
        total: sql<string>`${totalAt}::text`,
      })
      .from(blockAt('feed'))
      .innerJoinLateral(shown, sql`true`)
      .innerJoin(donations, eq(donations.id, shown.id))
      .orderBy(desc(donations.id)),
    `feed_page_${size}`,
  )
})

export async function feedPage(db: Db, q: number, limit: number): Promise<WindowRows<DonationWithTitle>> {
  const rows = await feedPageAt(db, limit).execute({ q })
  return { counted: { count: await sizeCarried(db, 'feed', rows) }, rows: rows.map(toRow) }
}

/** How many feed donations match: exact up to SEARCH_COUNT_CAP, then capped. */
export async function countFeedMatches(db: Db, search: FeedSearch): Promise<Counted> {
  const ids = matchingIds(search, { direction: 'down', skip: 0, limit: 0 }, SEARCH_COUNT_CAP + 1)
  const result = await db.execute(sql`
    select count(*)::int as n from (
      select ${donations.id} from ${donations}
      where ${donations.id} in (${ids}) and ${inFeed}
      limit ${SEARCH_COUNT_CAP + 1}
    ) counted`)
  const n = Number((rowsOf(result)[0] as { n: number | string }).n)
  return { count: Math.min(n, SEARCH_COUNT_CAP), capped: n > SEARCH_COUNT_CAP }
}

/** What an emergency's donation page needs of the emergency: who may see it, its title and its counter. */
type PageOwner = Pick<EmergencyRow, 'title' | 'donationCount' | 'ownerId' | 'deletedAt' | 'reviewStatus'>

/**
 * The emergency and its donations in a slice, in one statement (a miss was two: the emergency, then the page):
 * the page's ids are read from the (emergency, id) index beside the emergency's row, then the rows shown.
 */
function emergencyWithRows(
  db: Db,
  emergencyId: number | Placeholder,
  { where, orderBy, offset, limit }: SliceSql,
) {
  const page = db
    .select({ id: donations.id })
    .from(donations)
    .where(and(eq(donations.emergencyId, emergencies.id), where))
    .orderBy(orderBy)
    .offset(offset)
    .limit(limit)
    .as('page')
  return db
    .select({
      emergency: {
        title: emergencies.title,
        donationCount: emergencies.donationCount,
        ownerId: emergencies.ownerId,
        deletedAt: emergencies.deletedAt,
        reviewStatus: emergencies.reviewStatus,
      },
      donation: donations,
    })
    .from(emergencies)
    .leftJoinLateral(page, sql`true`)
    .leftJoin(donations, eq(donations.id, page.id))
    .where(eq(emergencies.id, emergencyId))
    .orderBy(orderBy)
}

/**
 * Named (keptStatement): whatever the emergency, limit and offset, the plan is the same walk of the (emergency, id)
 * index beside the emergency's row, so each connection plans it once (generic plan checked at 1M donations).
 */
const emergencyPageDown = preparedPer((db) =>
  keptStatement(
    db,
    emergencyWithRows(db, sql.placeholder('emergency'), downSliceSql(donations.id)),
    'emergency_donations',
  ),
)

/** One emergency (undefined when there is none) and its donations in the slice. */
export async function emergencyDonationPage(
  db: Db,
  emergencyId: number,
  slice: IdSlice,
): Promise<{ emergency?: PageOwner; rows: DonationRow[] }> {
  const found =
    slice.direction === 'down'
      ? await emergencyPageDown(db).execute({ emergency: emergencyId, ...downSliceValues(slice) })
      : await emergencyWithRows(db, emergencyId, idSliceSql(donations.id, slice))
  return {
    emergency: found[0]?.emergency,
    rows: found.flatMap((row) => (row.donation ? [row.donation] : [])),
  }
}

/** A donor's donations, with titles (a donor's own list: deleted and scam emergencies included). */
export async function donorDonations(db: Db, donorId: number, slice: IdSlice): Promise<DonationWithTitle[]> {
  const { where, orderBy, offset, limit } = idSliceSql(donations.id, slice)
  const rows = await db
    .select(withTitle)
    .from(donations)
    .innerJoin(emergencies, eq(emergencies.id, donations.emergencyId))
    .where(and(eq(donations.donorId, donorId), where))
    .orderBy(orderBy)
    .offset(offset)
    .limit(limit)
  return rows.map(toRow)
}

export async function countDonorDonations(db: Db, donorId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(donations).where(eq(donations.donorId, donorId))
  return row?.n ?? 0
}
