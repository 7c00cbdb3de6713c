// The S3-compatible server the tests, the two-instance bench and `npm run instances` store uploads in: s3rver
// (@20minutes/s3rver, docs/decisions/013-instances.md) on loopback, in this process, its objects in a temporary
// folder. It checks every request's AWS Signature V4 (a wrong secret is refused) and a presigned URL's expiry; it
// lets anonymous requests read, which AWS does not, so no test may take that as proof of privacy.
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from '@20minutes/s3rver'

export interface S3Server {
  /** STORAGE_URL for the bucket */
  storageUrl: string
  /** the credentials s3rver accepts, as the AWS SDK reads them from the environment */
  env: { STORAGE_URL: string; AWS_ACCESS_KEY_ID: string; AWS_SECRET_ACCESS_KEY: string; AWS_REGION: string }
  /** an outage: the server stops answering (connections refused) until `resume` */
  pause(): Promise<void>
  resume(): Promise<void>
  stop(): Promise<void>
}

export const BUCKET = 'lifeline-test'

export async function startS3Server(options: { port?: number } = {}): Promise<S3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'lifeline-s3-'))
  let port = options.port ?? 0
  let server: S3rver | undefined
  const start = async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: BUCKET }],
    })
    port = ((await server.run()) as AddressInfo).port
  }
  const close = async () => {
    const http = (server as unknown as { httpServer?: Server }).httpServer
    http?.closeAllConnections()
    await server?.close()
    server = undefined
  }
  await start()
  const storageUrl = `s3://${BUCKET}?endpoint=http://127.0.0.1:${port}&region=us-east-1&force_path_style=true`
  return {
    storageUrl,
    env: {
      STORAGE_URL: storageUrl,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_REGION: 'us-east-1',
    },
    pause: close,
    resume: start,
    async stop() {
      await close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
