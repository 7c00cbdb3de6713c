// `npm run storage:migrate`: an instance that kept its uploads on disk (DATA_DIR/uploads, DATA_DIR/private) moving to
// a bucket. Every file goes to the same name under the same kind of folder, so the database's rows point at it
// unchanged; a file already in the bucket with the same size is left alone, so a copy that stopped halfway can run
// again. Files being written (`.partial`) and names the server never generated are not copied.
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Bucket } from './file-journal'
import { isGeneratedName } from './file-store'
import { diskFolder } from './open-storage'
import type { BucketStore } from './s3-store'

export interface CopyReport {
  copied: number
  /** already in the bucket with the same size */
  present: number
  bytes: number
}

async function namesIn(dir: string): Promise<string[]> {
  try {
    return (await fs.readdir(dir)).filter(isGeneratedName).sort()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
}

export async function copyDiskToBucket(
  dataDir: string,
  stores: Record<Bucket, BucketStore>,
  onFile: (bucket: Bucket, name: string, copied: boolean) => void = () => undefined,
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, present: 0, bytes: 0 }
  for (const bucket of ['public', 'private'] as const) {
    const dir = diskFolder(dataDir, bucket)
    for (const name of await namesIn(dir)) {
      const body = await fs.readFile(path.join(dir, name))
      const copied = (await stores[bucket].sizeOf(name)) !== body.length
      if (copied) {
        await stores[bucket].put(name, body)
        report.copied++
        report.bytes += body.length
      } else report.present++
      onFile(bucket, name, copied)
    }
  }
  return report
}
