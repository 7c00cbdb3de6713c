// `npm run storage:migrate`: copies the uploads this machine kept on disk (DATA_DIR/uploads and DATA_DIR/private)
// into the bucket STORAGE_URL names, with the environment `npm start` reads (.env included). Run it before the
// instances start with STORAGE_URL, and again after (it copies only what is missing). docs/deployment.md.
import fs from 'node:fs'
import { ConfigError, loadConfig } from '../server/config'
import { copyDiskToBucket } from '../server/storage/copy-to-bucket'
import { openBucketStores } from '../server/storage/open-storage'

if (fs.existsSync('.env')) process.loadEnvFile('.env')
try {
  const config = loadConfig()
  if (config.storage.kind !== 's3') {
    console.error('STORAGE_URL must name the bucket to copy into (s3://bucket?endpoint=…&region=…).')
    process.exit(1)
  }
  const stores = await openBucketStores(config.storage)
  const report = await copyDiskToBucket(config.dataDir, stores, (bucket, name, copied) => {
    if (copied) console.log(`copied ${bucket === 'public' ? 'uploads' : 'private'}/${name}`)
  })
  console.log(
    `${report.copied} file(s) copied (${report.bytes} bytes), ${report.present} already in s3://${config.storage.bucket}/${config.storage.prefix}`,
  )
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
}
