// FileStore in an S3-compatible bucket (STORAGE_URL=s3://…), shared by every instance: public uploads under
// `uploads/`, private ones under `private/`, both private in the bucket. Nothing is ever handed out by its bucket
// URL: public images are still served by GET /api/media/{name} (immutable caching), private files by their
// authenticated endpoints, both read from the bucket by this server. Credentials come from the standard AWS
// environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_PROFILE …), read by the SDK itself. A bucket that
// cannot be reached is a 503 `service_unavailable`; the upload that needed it writes no record
// (staged-files.ts). The SDK is loaded only when STORAGE_URL names a bucket.
import type { S3Client } from '@aws-sdk/client-s3'
import type { S3Location } from '../config/storage-url'
import { AppError } from '../lib/errors'
import { type FileStore, isGeneratedName } from './file-store'

/** A bucket store, and what the copy of a disk store into it (storage-migrate.ts) also asks. */
export interface BucketStore extends FileStore {
  /** The stored size of `name`, or undefined when there is none. */
  sizeOf(name: string): Promise<number | undefined>
}

export class StorageUnavailable extends AppError {
  constructor(cause: unknown) {
    super('service_unavailable', 'File storage cannot be reached right now. Please try again.', 503)
    this.cause = cause
  }
}

const missing = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404
}

/** The client for a STORAGE_URL: short timeouts, so an outage is a quick 503 and not a hung upload. */
export async function s3Client(location: S3Location): Promise<S3Client> {
  const { S3Client } = await import('@aws-sdk/client-s3')
  return new S3Client({
    region: location.region,
    endpoint: location.endpoint,
    forcePathStyle: location.forcePathStyle,
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 20_000 },
  })
}

/** The files under `folder/` (plus the URL's own prefix) of the bucket. */
export async function s3Store(client: S3Client, location: S3Location, folder: string): Promise<BucketStore> {
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } =
    await import('@aws-sdk/client-s3')
  const Bucket = location.bucket
  const keyOf = (name: string) => {
    if (!isGeneratedName(name)) throw new Error(`refusing a file name the server did not generate: ${name}`)
    return `${location.prefix}${folder}/${name}`
  }
  const send = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call()
    } catch (error) {
      if (missing(error)) throw error
      throw new StorageUnavailable(error)
    }
  }
  return {
    async put(name, body) {
      await send(() => client.send(new PutObjectCommand({ Bucket, Key: keyOf(name), Body: body })))
    },
    async get(name) {
      if (!isGeneratedName(name)) return undefined
      try {
        // The body is read inside: a bucket lost halfway through it is an outage too.
        const body = await send(async () => {
          const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(name) }))
          return Buffer.from(await answer.Body!.transformToByteArray())
        })
        return { body, size: body.length }
      } catch (error) {
        if (missing(error)) return undefined
        throw error
      }
    },
    async remove(name) {
      // S3 answers a missing key's deletion with success too.
      await send(() => client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(name) })))
    },
    async sizeOf(name) {
      try {
        const head = await send(() => client.send(new HeadObjectCommand({ Bucket, Key: keyOf(name) })))
        return head.ContentLength
      } catch (error) {
        if (missing(error)) return undefined
        throw error
      }
    },
  }
}
