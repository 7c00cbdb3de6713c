// Writing uploaded files so that the files and the rows pointing at them stay together: the files are journaled
// and written first (under fresh generated names), then the caller's transaction stores the rows and calls
// `commit(tx)`, which charges the owner's storage quota and settles the files in that same transaction; if the
// transaction fails, `discard()` removes the files again; if the process dies in between, the journal's recovery
// does (file-journal.ts). Every upload path (proof images, campaign images, KYC, chat documents) goes through here.
import type { Config } from '../config'
import type { Db } from '../db/client'
import type { Clock } from '../lib/clock'
import { type Bucket, journalFiles, removeJournaled, settleFiles } from './file-journal'
import { type DocumentMime, type FileStore, generatedName } from './file-store'
import { type ImageVariant, variantName, variantNames } from './image-variants'
import { chargeStorage, releaseStorage } from './quota'

export interface StagedFile {
  fileName: string
  contentType: DocumentMime
  sizeBytes: number
}

export interface Staging {
  files: StagedFile[]
  /** Inside the transaction that stores the rows pointing at the files (413 when the quota is full). */
  commit(tx: Db): Promise<void>
  /** After the transaction failed: the files go too. */
  discard(): Promise<void>
}

export interface StagingDeps {
  db: Db
  store: FileStore
  bucket: Bucket
  quotaBytes: number
  /** after this long a staged upload cannot be in flight any more: its files are removed unless committed */
  abandonAfterMs: number
}

/** What a service that keeps users' private uploads (KYC ID images, chat documents) is built from. */
export interface PrivateUploadDeps {
  config: Pick<Config, 'publicUrl' | 'uploadQuotaBytes' | 'requestTimeoutMs'>
  db: Db
  clock: Clock
  privateStore: FileStore
}

/**
 * Staging into one store, sized from the config. Files are journaled after the image work, right before they are
 * written and committed (a few disk writes and one transaction), so an entry twice the request timeout old (2 min
 * by default) belongs to a process that died. Should a live upload ever be slower, its commit fails with 503
 * `upload_abandoned` instead of pointing at removed files (settleFiles).
 */
export const stagingFor = (
  config: Pick<Config, 'uploadQuotaBytes' | 'requestTimeoutMs'>,
  db: Db,
  store: FileStore,
  bucket: Bucket,
): StagingDeps => ({
  db,
  store,
  bucket,
  quotaBytes: config.uploadQuotaBytes,
  abandonAfterMs: 2 * config.requestTimeoutMs,
})

export async function stageFiles(
  { db, store, bucket, quotaBytes, abandonAfterMs }: StagingDeps,
  ownerId: number,
  files: { mime: DocumentMime; body: Buffer; variants?: ImageVariant[] }[],
): Promise<Staging> {
  const planned = files.map((file) => {
    const fileName = generatedName(file.mime)
    // Responsive copies are the server's own derivatives: written beside the original, not charged to the quota.
    const copies = (file.variants ?? []).map((v) => ({ name: variantName(fileName, v.kind)!, body: v.body }))
    return { file, fileName, copies }
  })
  const names = planned.flatMap((p) => [p.fileName, ...p.copies.map((c) => c.name)])
  const discard = () => removeJournaled(db, store, names)
  await journalFiles(db, bucket, names, abandonAfterMs)
  try {
    for (const { file, fileName, copies } of planned) {
      await store.put(fileName, file.body)
      for (const copy of copies) await store.put(copy.name, copy.body)
    }
  } catch (error) {
    await discard()
    throw error
  }
  const staged: StagedFile[] = planned.map(({ file, fileName }) => ({
    fileName,
    contentType: file.mime,
    sizeBytes: file.body.length,
  }))
  const bytes = staged.reduce((sum, f) => sum + f.sizeBytes, 0)
  return {
    files: staged,
    commit: async (tx) => {
      await chargeStorage(tx, ownerId, bytes, quotaBytes)
      await settleFiles(tx, names)
    },
    discard,
  }
}

/**
 * Stores the row that points at the staged files: `insert` and the commit in one transaction. If anything fails,
 * the files are discarded and the error passes on.
 */
export async function storeWithFiles<T>(db: Db, staged: Staging, insert: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      const row = await insert(tx)
      await staged.commit(tx)
      return row
    })
  } catch (error) {
    await staged.discard()
    throw error
  }
}

/**
 * Inside the transaction that deleted rows pointing at public images: their bytes go back to the owner's quota and
 * their files (with their responsive copies) are journaled, so that a crash cannot orphan them. Returns the names to
 * remove with `removeJournaled` once the transaction has committed.
 */
export async function releaseImages(
  tx: Db,
  ownerId: number,
  deleted: { fileName: string; sizeBytes: number }[],
): Promise<string[]> {
  await releaseStorage(
    tx,
    ownerId,
    deleted.reduce((sum, image) => sum + image.sizeBytes, 0),
  )
  const files = deleted.map((d) => d.fileName)
  const all = [...files, ...variantNames(files)]
  await journalFiles(tx, 'public', all, 0)
  return all
}
