// Writing uploaded files so that the files and the rows pointing at them stay together: the files are written
// first (under fresh generated names), then the caller's transaction stores the rows and calls `commit(tx)`, which
// charges the owner's storage quota in that same transaction; if the transaction fails, `discard()` removes the
// files again. Every upload path (proof images, campaign images, KYC, chat documents) goes through here.
import type { Db } from '../db/client'
import { type DocumentMime, type FileStore, generatedName } from './file-store'
import { type ImageVariant, variantName } from './image-variants'
import { chargeStorage } from './quota'

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
  store: FileStore
  quotaBytes: number
}

export async function stageFiles(
  { store, quotaBytes }: StagingDeps,
  ownerId: number,
  files: { mime: DocumentMime; body: Buffer; variants?: ImageVariant[] }[],
): Promise<Staging> {
  const staged: StagedFile[] = []
  const written: string[] = []
  const discard = () => removeFiles(store, written)
  const put = async (name: string, body: Buffer) => {
    written.push(name)
    await store.put(name, body)
  }
  try {
    for (const file of files) {
      const fileName = generatedName(file.mime)
      await put(fileName, file.body)
      // Responsive copies are the server's own derivatives: written beside the original, not charged to the quota.
      for (const variant of file.variants ?? [])
        await put(variantName(fileName, variant.width)!, variant.body)
      staged.push({ fileName, contentType: file.mime, sizeBytes: file.body.length })
    }
  } catch (error) {
    await discard()
    throw error
  }
  const bytes = staged.reduce((sum, f) => sum + f.sizeBytes, 0)
  return { files: staged, commit: (tx) => chargeStorage(tx, ownerId, bytes, quotaBytes), discard }
}

/** Removes files; a file already gone is not an error. */
export async function removeFiles(store: FileStore, names: string[]): Promise<void> {
  await Promise.allSettled(names.map((name) => store.remove(name)))
}
