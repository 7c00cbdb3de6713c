// STORAGE_URL: where uploads live. Unset: on this machine's disk under DATA_DIR. With several instances, one
// S3-compatible bucket they share: s3://bucket[/prefix]?endpoint=https://…&region=…&force_path_style=true
// (endpoint and force_path_style for stores other than AWS: MinIO, Ceph, R2, Garage …).

export interface S3Location {
  bucket: string
  /** key prefix ('' or ending in '/') every object of this deployment is under */
  prefix: string
  /** the store's URL; undefined: AWS S3 itself, by region */
  endpoint: string | undefined
  region: string
  /** bucket in the path (https://host/bucket/key) instead of the host name: what most stores other than AWS need */
  forcePathStyle: boolean
}

export type Storage = { kind: 'disk' } | ({ kind: 's3' } & S3Location)

const PARAMS = new Set(['endpoint', 'region', 'force_path_style'])
// AWS's rule for bucket names: 3-63 lowercase letters, digits, dots and hyphens, starting and ending alphanumeric.
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/

/** Reads STORAGE_URL; pushes a problem for each part it cannot use. */
export function parseStorageUrl(raw: string | undefined, problems: string[]): Storage {
  if (!raw) return { kind: 'disk' }
  let url: URL
  try {
    url = new URL(raw)
    if (url.protocol !== 's3:') throw new Error('protocol')
  } catch {
    problems.push(`STORAGE_URL must look like s3://bucket?endpoint=https://…&region=… (got "${raw}")`)
    return { kind: 'disk' }
  }
  const bucket = url.hostname
  if (!BUCKET.test(bucket)) problems.push(`STORAGE_URL: "${bucket}" is not a valid bucket name`)
  for (const name of url.searchParams.keys())
    if (!PARAMS.has(name))
      problems.push(`STORAGE_URL: unknown parameter "${name}" (${[...PARAMS].join(', ')})`)
  const endpoint = url.searchParams.get('endpoint') ?? undefined
  if (endpoint !== undefined && !/^https?:\/\/[^/]+/.test(endpoint))
    problems.push(`STORAGE_URL: endpoint must be an http(s) URL (got "${endpoint}")`)
  const pathStyle = url.searchParams.get('force_path_style') ?? 'false'
  if (pathStyle !== 'true' && pathStyle !== 'false')
    problems.push(`STORAGE_URL: force_path_style must be true or false (got "${pathStyle}")`)
  const path = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '')
  return {
    kind: 's3',
    bucket,
    prefix: path ? `${path}/` : '',
    endpoint,
    region: url.searchParams.get('region') || 'us-east-1',
    forcePathStyle: pathStyle === 'true',
  }
}

/** The URL without anything secret (it holds none, but a log line shows what is configured). */
export const describeStorage = (storage: Storage) =>
  storage.kind === 'disk'
    ? 'disk'
    : `s3://${storage.bucket}/${storage.prefix}${storage.endpoint ? ` at ${storage.endpoint}` : ''}`
