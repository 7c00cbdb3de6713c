// Crash safety for uploaded files: files live outside the database, so a process killed between writing a file and
// committing the rows that point at it (or between deleting the rows and removing the file) would leave an orphan.
// Every such file is first written to `file_journal` (migration 1104) with the time after which it is abandoned:
// - an upload journals its names before writing the files; the transaction that stores the rows settles them
//   (deletes their journal rows) and fails if the recovery already took them;
// - a deletion journals the files in the transaction that deletes the rows, due at once, and removes them after.
// `recoverFiles` (at start-up and periodically: `fileRecovery`) removes the files of due entries, holding their rows
// locked so that a late commit cannot settle a file being removed. Times are the database's, the same for every
// instance.
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config'
import { type Db, rowsOf } from '../db/client'
import { every, type Loop } from '../jobs/loop'
import { AppError } from '../lib/errors'
import { safeForLog } from '../plugins/errors'
import type { FileStore } from './file-store'

export type Bucket = 'public' | 'private'
export type Buckets = Record<Bucket, FileStore>

const namesArray = (names: string[]) =>
  sql`array[${sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  )}]::text[]`

/** Journals `names`, abandoned `afterMs` from now (0: due at once, for files whose rows are being deleted). */
export async function journalFiles(db: Db, bucket: Bucket, names: string[], afterMs: number): Promise<void> {
  if (names.length === 0) return
  await db.execute(sql`
    insert into file_journal (file_name, bucket, remove_after)
    select name, ${bucket}, now() + ${afterMs} * interval '1 millisecond' from unnest(${namesArray(names)}) as name
    on conflict (file_name) do nothing`)
}

/**
 * Inside the transaction that stores the rows pointing at the files: they are kept. Throws (rolling the rows back)
 * when the recovery already took any of them as abandoned.
 */
export async function settleFiles(tx: Db, names: string[]): Promise<void> {
  if (names.length === 0) return
  const settled = rowsOf(
    await tx.execute(
      sql`delete from file_journal where file_name = any(${namesArray(names)}) returning file_name`,
    ),
  )
  if (settled.length !== names.length)
    throw new AppError('upload_abandoned', 'The upload took too long. Please try again.', 503)
}

/** Removes the files; returns those removed (a store that cannot be reached keeps the others for later). */
async function removeFiles(names: { name: string; store: FileStore }[]): Promise<string[]> {
  const results = await Promise.allSettled(names.map(({ name, store }) => store.remove(name)))
  return names.flatMap(({ name }, i) => (results[i]!.status === 'fulfilled' ? [name] : []))
}

/**
 * After the rows are gone: removes the files, then the journal entries of those removed. A file that could not be
 * removed (its bucket did not answer) stays journaled, due: the recovery removes it later.
 */
export async function removeJournaled(db: Db, store: FileStore, names: string[]): Promise<void> {
  const removed = await removeFiles(names.map((name) => ({ name, store })))
  if (removed.length > 0)
    await db.execute(sql`delete from file_journal where file_name = any(${namesArray(removed)})`)
  if (removed.length < names.length)
    await db.execute(
      sql`update file_journal set remove_after = now() where file_name = any(${namesArray(names)})`,
    )
}

/** Removes the files of due journal entries (at most `batch`); returns how many. */
export async function recoverFiles(db: Db, buckets: Buckets, batch = 500): Promise<number> {
  return db.transaction(async (tx) => {
    const due = rowsOf(
      await tx.execute(sql`
        select file_name, bucket from file_journal where remove_after <= now()
        order by remove_after limit ${batch} for update skip locked`),
    ) as { file_name: string; bucket: Bucket }[]
    const removed = await removeFiles(due.map((row) => ({ name: row.file_name, store: buckets[row.bucket] })))
    if (removed.length > 0)
      await tx.execute(sql`delete from file_journal where file_name = any(${namesArray(removed)})`)
    return removed.length
  })
}

/**
 * The recovery as a background loop: a pass when it starts, then as often as staged uploads become due (twice the
 * request timeout, at most every minute).
 */
export function fileRecovery(
  config: Pick<Config, 'requestTimeoutMs'>,
  db: Db,
  buckets: Buckets,
  log: FastifyBaseLogger,
): Loop {
  const everyMs = Math.min(60_000, 2 * config.requestTimeoutMs)
  const onError = (error: unknown) => log.warn({ err: safeForLog(error) }, 'file recovery failed')
  return every({ everyMs, firstAfterMs: 0, onError }, async () => {
    const removed = await recoverFiles(db, buckets)
    if (removed > 0) log.info({ removed }, 'removed files left by an interrupted upload or deletion')
  })
}
