// The public emergency lists (docs/performance.md, 'Feed and explore reads'): newest first by id, read by
// position or by keyset, searched through the trigram index on the title; the featured list by boost expiry.
import { and, asc, count, desc, eq, gt, ilike, inArray, sql, type SQL } from 'drizzle-orm'
import { SEARCH_COUNT_CAP } from '../../../api-contract/common'
import type { Db } from '../../db/client'
import { type IdSlice, idSliceSql } from '../../db/id-slice'
import { idsAtPosition, sizeCarried, sizeOf } from '../../db/list-positions'
import { keptStatement, preparedPerSize } from '../../db/prepared'
import type { Counted } from '../../lib/list-window'
import type { WindowRows } from '../../lib/load-page'
import { users } from '../users/users.table'
import {
  containsPattern,
  imagesColumn,
  type ListedEmergency,
  publiclyVisible,
  shownColumns,
} from './emergencies.repository'
import { emergencies } from './emergencies.table'

/** What a listed emergency's answer shows, its images included, read together. */
const listed = { ...shownColumns, images: imagesColumn }

const titleMatches = (search: string) => ilike(emergencies.title, containsPattern(search))

/**
 * Public emergencies (matching `search` when given) in the slice. The skip runs on ids alone (an index-only
 * scan of the public index when there is no search); only the rows shown are read whole, with their images.
 */
export async function publicEmergencies(
  db: Db,
  search: string | undefined,
  slice: IdSlice,
): Promise<ListedEmergency[]> {
  const { where, orderBy, offset, limit } = idSliceSql(emergencies.id, slice)
  const ids = db
    .select({ id: emergencies.id })
    .from(emergencies)
    .where(and(publiclyVisible, search ? titleMatches(search) : undefined, where))
    .orderBy(orderBy)
    .offset(offset)
    .limit(limit)
  return db
    .select(listed)
    .from(emergencies)
    .innerJoin(users, eq(users.id, emergencies.ownerId))
    .where(inArray(emergencies.id, ids))
    .orderBy(orderBy)
}

/** The rows an explore page lists: public emergencies, by id. */
const publicRows = { table: emergencies, id: emergencies.id, listed: publiclyVisible }

/**
 * An unsearched explore page of `size` rows at 0-based position `q`, and the list's size, in one statement (a miss
 * was three: the position blocks, the rows, their images): the block holding q is found and read inside the
 * statement. Named, one per page size: each pooled connection plans it once, and its generic plan reads the rows
 * by key like any custom one (idsAtPosition); planning took a third of the database's time for such a miss.
 */
const buildListPage = (db: Db, size: number) =>
  keptStatement(
    db,
    db
      .select({ ...listed, total: sql<string>`${sizeOf('emergencies')}::text` })
      .from(emergencies)
      .innerJoin(users, eq(users.id, emergencies.ownerId))
      .where(sql`${emergencies.id} = any(${idsAtPosition('emergencies', publicRows, size)})`)
      .orderBy(desc(emergencies.id)),
    `explore_page_${size}`,
  )

const listPage = preparedPerSize(buildListPage)

export async function publicPage(db: Db, q: number, size: number): Promise<WindowRows<ListedEmergency>> {
  const rows = await listPage(db, size).execute({ q })
  return { counted: { count: await sizeCarried(db, 'emergencies', rows) }, rows }
}

/** How many public emergencies match: exact up to SEARCH_COUNT_CAP, then capped. */
export async function countTitleMatches(db: Db, search: string): Promise<Counted> {
  const matches = db
    .select({ one: sql`1` })
    .from(emergencies)
    .where(and(publiclyVisible, titleMatches(search)))
    .limit(SEARCH_COUNT_CAP + 1)
    .as('matches')
  const [row] = await db.select({ n: count() }).from(matches)
  const n = row?.n ?? 0
  return { count: Math.min(n, SEARCH_COUNT_CAP), capped: n > SEARCH_COUNT_CAP }
}

const featuredNow = (now: Date) => and(publiclyVisible, gt(emergencies.boostExpiresAt, now))

// Cursors keep the expiry in microseconds, the column's own precision (a Date has only milliseconds).
const expiresMicros = sql<string>`(extract(epoch from ${emergencies.boostExpiresAt}) * 1000000)::bigint::text`
const fromMicros = (micros: number) => sql`(timestamptz 'epoch' + ${micros} * interval '1 microsecond')`

export interface FeaturedRow extends ListedEmergency {
  expiresMicros: number
}

/** A featured window: by position, or after/before an (expiry µs, id) key. */
export type FeaturedSlice =
  | { from: 'top'; skip: number; limit: number }
  | { from: 'after' | 'before'; expiresMicros: number; id: number; limit: number }

/** Boosted emergencies, latest expiry first (`before` windows are read the other way, nearest first). */
export async function featuredEmergencies(db: Db, now: Date, slice: FeaturedSlice): Promise<FeaturedRow[]> {
  let keyset: SQL | undefined
  let order = [desc(emergencies.boostExpiresAt), desc(emergencies.id)]
  if (slice.from !== 'top') {
    const at = fromMicros(slice.expiresMicros)
    const beyond = slice.from === 'after' ? '<' : '>'
    keyset = sql`(${emergencies.boostExpiresAt}, ${emergencies.id}) ${sql.raw(beyond)} (${at}, ${slice.id})`
    if (slice.from === 'before') order = [asc(emergencies.boostExpiresAt), asc(emergencies.id)]
  }
  const rows = await db
    .select({ ...listed, expiresMicros })
    .from(emergencies)
    .innerJoin(users, eq(users.id, emergencies.ownerId))
    .where(and(featuredNow(now), keyset))
    .orderBy(...order)
    .offset(slice.from === 'top' ? slice.skip : 0)
    .limit(slice.limit)
  return rows.map((row) => ({ ...row, expiresMicros: Number(row.expiresMicros) }))
}

/** Boosts running now (a few hundred at most: read through the featured index). */
export async function countFeatured(db: Db, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(emergencies).where(featuredNow(now))
  return row?.n ?? 0
}
