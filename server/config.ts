// Environment is parsed and validated once, here; nothing else in server/ reads process.env.
import path from 'node:path'
import bs58 from 'bs58'
import { parseAllowedOrigins, type PushConfig, vapidKeysFromEnv, vapidSubject } from './config/push'
import { loadSecrets, type SecretsMode } from './config/secrets'
import { parseStorageUrl, type Storage } from './config/storage-url'
import { parseTrustProxy, type TrustProxy } from './config/trust-proxy'
import type { DatabaseLimits } from './db/client'

export type Cluster = 'local' | 'devnet' | 'mainnet-beta'

export interface RateLimit {
  /** requests allowed per client IP per window */
  max: number
  windowMs: number
}

export interface Config {
  port: number
  host: string
  dataDir: string
  /** undefined → embedded PGlite under dataDir/pglite; `memory://` → in-memory PGlite; else postgres:// */
  databaseUrl: string | undefined
  /** origin the PWA is served from, without a trailing slash, e.g. http://localhost:8080 */
  publicUrl: string
  /** SIWS domain: PUBLIC_URL's host including the port */
  siwsDomain: string
  adminWallets: ReadonlySet<string>
  jwtSecret: Uint8Array
  cluster: Cluster
  /** RPC the server itself talks to: SOLANA_RPC_URL, or the in-process ledger in local mode */
  rpcUrl: string
  /** its websocket: SOLANA_WS_URL; default the RPC's own port (ws form) on a public cluster, the next port on a
   * local ledger (`npm run ledger`, solana-test-validator) */
  wsUrl: string
  /** local mode without SOLANA_RPC_URL: this process starts the ledger (on LEDGER_PORT); with it, every instance
   * attaches to the one already running there */
  embeddedLedger: boolean
  /** RPC URLs handed to the PWA by GET /api/config/ */
  publicRpcUrl: string
  publicWsUrl: string
  ledgerPort: number
  platformWallet: string
  /** USDC_MINT: the USDC mint instead of the cluster's (Circle's on devnet and mainnet-beta, the local ledger's) */
  usdcMint: string | undefined
  logLevel: string
  /** who may set X-Forwarded-For (server/config/trust-proxy.ts); false: nobody, the peer is the client */
  trustProxy: TrustProxy
  rateLimits: {
    nonce: RateLimit
    login: RateLimit
    register: RateLimit
    /** wallet relay: answers handed over, and reads (a waiting page polls every 2 s) */
    relayWrite: RateLimit
    relayRead: RateLimit
    /** the local test USDC faucet (local mode only) */
    faucet: RateLimit
    /** image copies made on request (images stored before their copies existed: server/lib/image-copies.ts) */
    imageRender: RateLimit
  }
  /** where uploads live (STORAGE_URL, server/config/storage-url.ts): this disk, or a bucket every instance shares */
  storage: Storage
  /** the donation Action's references (server/modules/actions/reference-admission.ts): how many may be open at
   * once in all and per signing account, and how long expired and credited ones are kept (a payment that lands
   * after its reference expired is still credited until then) */
  actionReferences: { openMax: number; openPerAccount: number; keepMs: number }
  /** bytes of uploaded files one user may keep (UPLOAD_QUOTA_MB) */
  uploadQuotaBytes: number
  /** bytes that upload bodies in flight may hold in memory, all requests together (UPLOAD_BODIES_MB) */
  uploadBodiesBytes: number
  /** Fastify connectionTimeout / requestTimeout in ms */
  connectionTimeoutMs: number
  requestTimeoutMs: number
  databaseLimits: DatabaseLimits
  /** public answers kept in memory (server/lib/read-cache.ts): at most this old when they may change with time
   * alone (0 turns the cache off), at most `maxAgeMs` when only writes change them, and how often other
   * instances' writes are looked for */
  readCache: { ttlMs: number; maxAgeMs: number; pollMs: number }
  /** web push (server/config/push.ts) */
  push: PushConfig
  /** live donation streams (server/modules/live): open at most, per client address, and the heartbeat period */
  live: { maxStreams: number; maxStreamsPerAddress: number; heartbeatMs: number }
}

export interface LoadOptions {
  /** 'disk' (default) keeps a generated JWT secret, VAPID key pair and local platform wallet under DATA_DIR;
   * 'memory' never touches the disk (tests). */
  secrets?: SecretsMode
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`)
  }
}

const CLUSTERS: readonly Cluster[] = ['local', 'devnet', 'mainnet-beta']

export function isBase58PublicKey(value: string): boolean {
  try {
    return bs58.decode(value).length === 32
  } catch {
    return false
  }
}

/** The websocket form of an http(s) URL (http → ws, https → wss). */
export function toWsUrl(httpUrl: string): string {
  return httpUrl.replace(/^http/, 'ws')
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: LoadOptions = {}): Config {
  const problems: string[] = []
  const int = (name: string, fallback: number, min = 0, max = 2 ** 31): number => {
    const raw = env[name]
    if (raw === undefined || raw === '') return fallback
    const value = Number(raw)
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer between ${min} and ${max} (got "${raw}")`)
      return fallback
    }
    return value
  }

  const port = int('PORT', 8080, 0, 65535)
  const ledgerPort = int('LEDGER_PORT', 8899, 0, 65535)
  const host = env.HOST || '0.0.0.0'
  const dataDir = path.resolve(env.DATA_DIR || './data')

  const publicUrl = parsePublicUrl(env.PUBLIC_URL || `http://localhost:${port}`, problems)

  const databaseUrl = env.DATABASE_URL || undefined
  if (databaseUrl && !/^(postgres(ql)?:\/\/|memory:\/\/)/.test(databaseUrl)) {
    problems.push(
      'DATABASE_URL must start with postgres:// or postgresql:// (or be unset for the embedded PGlite)',
    )
  }

  const cluster = (env.SOLANA_CLUSTER || 'local') as Cluster
  if (!CLUSTERS.includes(cluster))
    problems.push(`SOLANA_CLUSTER must be one of ${CLUSTERS.join(', ')} (got "${cluster}")`)
  const embeddedLedger = cluster === 'local' && !env.SOLANA_RPC_URL
  const rpcUrl = embeddedLedger ? `http://127.0.0.1:${ledgerPort}` : (env.SOLANA_RPC_URL ?? '')
  if (cluster !== 'local' && !env.SOLANA_RPC_URL) {
    problems.push('SOLANA_RPC_URL (http:// or https://) is required when SOLANA_CLUSTER is not local')
  } else if (!isHttpUrl(rpcUrl)) problems.push(`SOLANA_RPC_URL must be an http(s) URL (got "${rpcUrl}")`)
  const wsUrl = env.SOLANA_WS_URL || (cluster === 'local' ? nextPortWsUrl(rpcUrl) : toWsUrl(rpcUrl))
  if (!/^wss?:\/\/.+/.test(wsUrl)) problems.push(`SOLANA_WS_URL must be a ws(s) URL (got "${wsUrl}")`)

  const adminWallets = (env.ADMIN_WALLETS ?? '')
    .split(',')
    .map((wallet) => wallet.trim())
    .filter(Boolean)
  for (const wallet of adminWallets) {
    if (!isBase58PublicKey(wallet)) problems.push(`ADMIN_WALLETS: "${wallet}" is not a base58 Solana address`)
  }

  if (env.JWT_SECRET !== undefined && env.JWT_SECRET.length < 32)
    problems.push('JWT_SECRET must be at least 32 characters')
  if (env.PLATFORM_WALLET && !isBase58PublicKey(env.PLATFORM_WALLET)) {
    problems.push('PLATFORM_WALLET is not a base58 Solana address')
  }
  const usdcMint = env.USDC_MINT || undefined
  if (usdcMint && !isBase58PublicKey(usdcMint)) problems.push('USDC_MINT is not a base58 Solana address')
  if (cluster !== 'local' && !env.PLATFORM_WALLET)
    problems.push('PLATFORM_WALLET is required when SOLANA_CLUSTER is not local')

  const limit = (name: string, fallback: number): RateLimit => ({
    max: int(name, fallback, 1),
    windowMs: 60_000,
  })
  const rateLimits = {
    nonce: limit('RATE_LIMIT_NONCE', 30),
    login: limit('RATE_LIMIT_LOGIN', 20),
    register: limit('RATE_LIMIT_REGISTER', 10),
    relayWrite: limit('RATE_LIMIT_RELAY_WRITE', 20),
    relayRead: limit('RATE_LIMIT_RELAY_READ', 120),
    faucet: limit('RATE_LIMIT_FAUCET', 10),
    imageRender: limit('RATE_LIMIT_IMAGE_RENDER', 30),
  }
  const trustProxy = parseTrustProxy(env.TRUST_PROXY, problems)
  const storage = parseStorageUrl(env.STORAGE_URL, problems)
  const actionReferences = {
    openMax: int('ACTION_REFERENCES_OPEN_MAX', 2_000, 1, 1_000_000),
    openPerAccount: int('ACTION_REFERENCES_OPEN_PER_ACCOUNT', 10, 1, 10_000),
    keepMs: int('ACTION_REFERENCES_KEEP_DAYS', 7, 1, 3_650) * 86_400_000,
  }
  const uploadQuotaBytes = int('UPLOAD_QUOTA_MB', 200, 1, 1_000_000) * 1024 * 1024
  // At least the largest request (an emergency's 10 × 5 MB proof images and its fields), or it could never pass.
  const uploadBodiesBytes = int('UPLOAD_BODIES_MB', 128, 52, 100_000) * 1024 * 1024
  const connectionTimeoutMs = int('CONNECTION_TIMEOUT_MS', 30_000, 1)
  const requestTimeoutMs = int('REQUEST_TIMEOUT_MS', 60_000, 1)
  const databaseLimits: DatabaseLimits = {
    poolMax: int('DB_POOL_MAX', 8, 1, 1000),
    queueMax: int('DB_QUEUE_MAX', 200, 0, 100_000),
    connectTimeoutMs: int('DB_CONNECT_TIMEOUT_MS', 2_000, 1),
    statementTimeoutMs: int('DB_STATEMENT_TIMEOUT_MS', 5_000, 1),
  }
  const readCache = {
    ttlMs: int('READ_CACHE_TTL_MS', 5_000, 0, 3_600_000),
    maxAgeMs: int('READ_CACHE_MAX_AGE_MS', 600_000, 0, 86_400_000),
    pollMs: int('READ_CACHE_POLL_MS', 1_000, 50, 3_600_000),
  }

  const vapidKeys = vapidKeysFromEnv(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, problems)
  const subject = vapidSubject(env.VAPID_SUBJECT, { publicUrl, cluster }, problems)
  const allowedOrigins = parseAllowedOrigins(env.PUSH_ALLOWED_ORIGINS, problems)
  const maxSubscriptionsPerUser = int('PUSH_MAX_SUBSCRIPTIONS', 10, 1, 1000)
  const live = {
    maxStreams: int('LIVE_STREAMS_MAX', 10_000, 1, 1_000_000),
    maxStreamsPerAddress: int('LIVE_STREAMS_PER_IP', 16, 1, 100_000),
    heartbeatMs: int('LIVE_HEARTBEAT_MS', 15_000, 100, 3_600_000),
  }
  // A stream idle for CONNECTION_TIMEOUT_MS is closed by the server: the heartbeat must come sooner.
  if (live.heartbeatMs >= connectionTimeoutMs)
    problems.push('LIVE_HEARTBEAT_MS must be below CONNECTION_TIMEOUT_MS (an idle stream would be closed)')

  if (problems.length > 0) throw new ConfigError(problems)

  const secrets = loadSecrets(
    { dataDir, jwtSecret: env.JWT_SECRET, platformWallet: env.PLATFORM_WALLET, vapidKeys },
    options.secrets ?? 'disk',
  )
  const localRpc = `${publicUrl}/rpc`
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    publicUrl,
    siwsDomain: new URL(publicUrl).host,
    adminWallets: new Set(adminWallets),
    jwtSecret: secrets.jwtSecret,
    cluster,
    rpcUrl,
    wsUrl,
    embeddedLedger,
    publicRpcUrl: cluster === 'local' ? localRpc : rpcUrl,
    publicWsUrl: cluster === 'local' ? toWsUrl(localRpc) : wsUrl,
    ledgerPort,
    platformWallet: secrets.platformWallet,
    usdcMint,
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy,
    storage,
    actionReferences,
    uploadQuotaBytes,
    uploadBodiesBytes,
    rateLimits,
    connectionTimeoutMs,
    requestTimeoutMs,
    databaseLimits,
    readCache,
    push: {
      vapid: { ...secrets.vapidKeys, subject },
      allowedOrigins,
      maxSubscriptionsPerUser,
    },
    live,
  }
}

function isHttpUrl(raw: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(raw).protocol)
  } catch {
    return false
  }
}

/** A local ledger's websocket listens on the port after its JSON-RPC's. */
function nextPortWsUrl(rpcUrl: string): string {
  if (!isHttpUrl(rpcUrl)) return ''
  const url = new URL(toWsUrl(rpcUrl))
  url.port = String(Number(url.port || (url.protocol === 'wss:' ? 443 : 80)) + 1)
  return url.href.replace(/\/$/, '')
}

function parsePublicUrl(raw: string, problems: string[]): string {
  try {
    const url = new URL(raw)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol')
    return url.origin
  } catch {
    problems.push(`PUBLIC_URL must be an http(s) URL (got "${raw}")`)
    return 'http://localhost'
  }
}
