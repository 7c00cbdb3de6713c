// The stores `npm start` keeps uploads in (STORAGE_URL): folders under DATA_DIR by default, or one bucket that every
// instance shares.
import path from 'node:path'
import type { Config } from '../config'
import type { S3Location } from '../config/storage-url'
import { diskStore } from './disk-store'
import type { Bucket, Buckets } from './file-journal'
import { type BucketStore, s3Client, s3Store } from './s3-store'

/** Each kind of upload's folder: under DATA_DIR on disk, the key prefix in a bucket. */
export const FOLDERS: Record<Bucket, string> = { public: 'uploads', private: 'private' }

export const diskFolder = (dataDir: string, bucket: Bucket) => path.join(dataDir, FOLDERS[bucket])

export async function openBucketStores(location: S3Location): Promise<Record<Bucket, BucketStore>> {
  const client = await s3Client(location)
  return {
    public: await s3Store(client, location, FOLDERS.public),
    private: await s3Store(client, location, FOLDERS.private),
  }
}

export async function openStorage(config: Pick<Config, 'storage' | 'dataDir'>): Promise<Buckets> {
  if (config.storage.kind === 's3') return openBucketStores(config.storage)
  return {
    public: diskStore(diskFolder(config.dataDir, 'public')),
    private: diskStore(diskFolder(config.dataDir, 'private')),
  }
}
