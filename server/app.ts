// The API as a set of plugins around one Fastify instance. Tests call buildApp() and use inject (no sockets).
import type { LookupFunction } from 'node:net'
import path from 'node:path'
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify'
import type { Config } from './config'
import { ledgerClock } from './chain/ledger-clock'
import { type Chain, noLedger } from './connect-chain'
import type { Db } from './db/client'
import { REPO_ROOT } from './repo-root'
import { accessTokens } from './lib/access-tokens'
import { type Clock, systemClock } from './lib/clock'
import { AppError } from './lib/errors'
import { actionsRoutes } from './modules/actions/actions.routes'
import { actionsService } from './modules/actions/actions.service'
import { referenceWatcher, type WatcherOptions } from './modules/actions/reference-watcher'
import { shareImagesRoutes } from './modules/actions/share-images.routes'
import { badgesRoutes } from './modules/badges/badges.routes'
import { configRoutes } from './modules/config/config.routes'
import { donationsRoutes } from './modules/donations/donations.routes'
import { faucetRoutes } from './modules/faucet/faucet.routes'
import { openPlatformUsdcAccount } from './chain/usdc'
import { receiptsRoutes } from './modules/donations/receipts.routes'
import { emergenciesRoutes } from './modules/emergencies/emergencies.routes'
import { emergenciesService } from './modules/emergencies/emergencies.service'
import { mediaRoutes } from './modules/emergencies/media.routes'
import { kycRoutes } from './modules/kyc/kyc.routes'
import { kycStatusOf } from './modules/kyc/kyc.service'
import { intentsOfCampaigns } from './modules/investments/investments.service'
import { rejectClaimsRefutedBy } from './modules/airdrops/unverified-claims.repository'
import { listingFeeReverifier } from './modules/airdrops/listing-fee-reverify'
import { airdropsRoutes } from './modules/airdrops/airdrops.routes'
import { investmentsRoutes } from './modules/investments/investments.routes'
import { chatRoutes } from './modules/chat/chat.routes'
import { healthRoutes } from './modules/health/health.routes'
import { usersRoutes } from './modules/users/users.routes'
import { downloadLinksRoutes } from './modules/users/download-links.routes'
import { walletRelayRoutes } from './modules/wallet-relay/wallet-relay.routes'
import { pushRoutes } from './modules/push/push.routes'
import { pushSender } from './modules/push/push-sender'
import { pushWorker, type PushWorkerOptions } from './modules/push/push-worker'
import { updatesRoutes } from './modules/updates/updates.routes'
import { registerAuth } from './plugins/auth'
import { fastifyTrustProxy } from './config/trust-proxy'
import { sessionRevocations } from './modules/users/session-revocations'
import { registerCompression } from './plugins/compression'
import { registerPublicAnswers } from './plugins/public-answers'
import { handleError, notFoundJson } from './plugins/errors'
import { registerInputGuard } from './plugins/input-guard'
import { registerOpenApi } from './plugins/openapi'
import { requestLogFields } from './plugins/log-redaction'
import { dbKeepingCacheFresh } from './lib/read-cache-writes'
import { registerReadCache } from './plugins/read-cache'
import { RequestLog, requestLogger } from './plugins/request-log'
import { databaseStore } from './plugins/rate-limit-store'
import { type MountableLedger, mountLedger } from './plugins/rpc-mount'
import { registerSecurity } from './plugins/security'
import { registerShutdown } from './plugins/shutdown'
import { registerWeb } from './web'
import { registerUploadBodies } from './plugins/upload-bodies'
import { diskStore, type FileStore } from './storage'
import { fileRecovery } from './storage/file-journal'
import { inProcessJobs, type Jobs } from './jobs/jobs'
import { type ReadCache, readCache, type ReadCachePeers } from './lib/read-cache'
import { notificationsOf } from './db/notifications'
import { liveRoutes } from './modules/live/live.routes'
import { liveService } from './modules/live/live.service'
import { notificationsRoutes } from './modules/notifications/notifications.routes'
import { tellDonorsOfScam } from './modules/notifications/notifications.service'
import { imageCopies } from './lib/image-copies'

/** What the app is built from besides config. Open for growth: modules add their collaborators here. */
export interface AppDeps {
  db: Db
  /** time source for nonce and token expiry (default: the system clock) */
  clock?: Clock
  /** folder of the built PWA (default: <repo>/dist); nothing is served at / when it holds no index.html */
  distDir?: string
  /** local mode: the in-process ledger, mounted at /rpc (HTTP POST and websocket upgrade) */
  ledger?: MountableLedger
  /**
   * the RPC payments are verified with, pinned to the configured cluster (server/connect-chain.ts). Default: none
   * (noLedger: every ledger call answers 503), and what only a ledger drives does not run: the donation Action and
   * its reference watcher, the re-verification of listing fees, the health check's ledger probe.
   */
  chain?: Chain
  /** uploaded files (proof images); default: on disk under DATA_DIR/uploads */
  storage?: FileStore
  /** private files (KYC ID images, chat documents), never served from a public path; default DATA_DIR/private */
  privateStorage?: FileStore
  /** the reference watcher that records Action / Solana Pay donations (runs with `chain`); false: not here */
  referenceWatcher?: WatcherOptions | false
  /**
   * where background loops run (server/jobs/jobs.ts): default every loop in this process; with several instances
   * on one PostgreSQL, each loop on one of them (advisoryLockJobs). Modules register theirs with runExclusively.
   */
  jobs?: Jobs
  /** with several instances on one PostgreSQL: the read cache's peers, told of each write at once */
  readCachePeers?: ReadCachePeers
  /** the push worker that sends the outbox's notices; false: not here */
  pushWorker?: PushWorkerOptions | false
  /** name resolution for push endpoints, before the address check (default: the system's DNS) */
  pushLookup?: LookupFunction
  /** where the request log goes (default stdout); tests read it to check what is never logged */
  logStream?: { write(line: string): void }
  /** sees every route as it is registered (the tests build the route table, its fuzzing and its matrix, from it) */
  onRoute?: (route: RouteOptions) => void
}

export const DEFAULT_DIST_DIR = path.join(REPO_ROOT, 'dist')

export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const clock = deps.clock ?? systemClock
  const store = deps.storage ?? diskStore(path.join(config.dataDir, 'uploads'))
  const privateStore = deps.privateStorage ?? diskStore(path.join(config.dataDir, 'private'))
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization'],
      serializers: { req: requestLogFields },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    // Fastify accepts each form; its overloads cannot resolve the union of them without this hint.
    trustProxy: fastifyTrustProxy(config.trustProxy) as FastifyServerOptions['trustProxy'],
    connectionTimeout: config.connectionTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    return503OnClosing: false,
    logController: new RequestLog(),
    childLoggerFactory: requestLogger as FastifyServerOptions['childLoggerFactory'],
    routerOptions: { ignoreTrailingSlash: true },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
  })
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute)
  app.setErrorHandler(handleError)
  registerShutdown(app)
  registerInputGuard(app)
  registerUploadBodies(app, config.uploadBodiesBytes)
  await registerSecurity(app, config)
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(deps.db, clock),
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', 'Too many requests. Please slow down.', 429, `Retry in ${context.after}.`),
  })
  await registerOpenApi(app)

  const tokens = accessTokens(config, clock)
  const revocations = sessionRevocations(deps.db, clock)
  registerAuth(app, config, tokens, revocations)
  // Every instance hears every credited donation (one listening connection) and fans it out to its own streams,
  // once the read cache has looked at the change log (at once, not at its next poll): a viewer who reads the
  // emergency again after the event gets the donation in it.
  let cache: ReadCache | undefined
  const live = liveService({
    notifications: notificationsOf(deps.db),
    limits: config.live,
    log: app.log,
    beforeFanOut: async () => cache?.sync(),
  })
  app.addHook('onReady', () => live.start())
  app.addHook('preClose', async () => live.endStreams())
  app.addHook('onClose', () => live.stop())
  if (config.readCache.ttlMs > 0) {
    cache = readCache(deps.db, {
      ...config.readCache,
      now: () => clock().getTime(),
      peers: deps.readCachePeers,
    })
    registerReadCache(app, cache)
    deps = { ...deps, db: dbKeepingCacheFresh(deps.db, cache) }
  }
  registerPublicAnswers(app)
  registerCompression(app)
  const jobs = deps.jobs ?? inProcessJobs()
  app.addHook('onReady', async () => jobs.start(app.log))
  app.addHook('onClose', async () => jobs.stop())
  jobs.runExclusively(
    'file-recovery',
    fileRecovery(config, deps.db, { public: store, private: privateStore }, app.log),
  )
  const copies = imageCopies(app, store, config.rateLimits.imageRender)
  // What every module that accepts a payment is given: the settling of unverified listing-fee claims runs in each
  // payment's transaction without the payments module importing the airdrops module.
  const chain = deps.chain ?? noLedger()
  const payments = { config, db: deps.db, chain, onPaymentRecorded: rejectClaimsRefutedBy }
  // Times compared with block times come from the ledger; measured once at start, where a host clock far off the
  // ledger's is logged (server/chain/ledger-clock.ts).
  const chainClock = ledgerClock(chain.rpc, clock, app.log)
  if (deps.chain) app.addHook('onReady', async () => void (await chainClock.now()))

  await app.register(
    async (api) => {
      await api.register(configRoutes, { config, usdcMint: chain.usdcMint })
      await api.register(healthRoutes, { db: deps.db, chain, probeLedger: deps.chain !== undefined, jobs })
      await api.register(usersRoutes, { config, db: deps.db, clock, tokens, revocations, kycStatusOf })
      await api.register(emergenciesRoutes, {
        ...payments,
        clock,
        store,
        ledgerClock: chainClock,
        onScamConfirmed: tellDonorsOfScam,
      })
      await api.register(donationsRoutes, payments)
      await api.register(receiptsRoutes, { config, db: deps.db })
      await api.register(downloadLinksRoutes, { config, tokens })
      await api.register(mediaRoutes, { store, copies })
      await api.register(badgesRoutes, { config, db: deps.db })
      await api.register(kycRoutes, { config, db: deps.db, clock, privateStore })
      await api.register(airdropsRoutes, { ...payments, clock, store, intentsOf: intentsOfCampaigns })
      await api.register(investmentsRoutes, { config, db: deps.db, clock })
      await api.register(chatRoutes, { config, db: deps.db, clock, privateStore })
      await api.register(shareImagesRoutes, { copies })
      await api.register(walletRelayRoutes, { config, db: deps.db, clock })
      const emergencies = emergenciesService({ config, db: deps.db, store, clock, ledgerClock: chainClock })
      await api.register(updatesRoutes, { config, db: deps.db, store, emergencies })
      await api.register(pushRoutes, { config, db: deps.db })
      // The test USDC faucet exists on the local ledger alone: elsewhere its path is a 404.
      if (config.cluster === 'local' && chain.usdcMint)
        await api.register(faucetRoutes, { config, rpc: chain.rpc, usdcMint: chain.usdcMint })
      await api.register(liveRoutes, { live })
      await api.register(notificationsRoutes, { config, db: deps.db, clock })
    },
    { prefix: '/api' },
  )
  if (deps.pushWorker !== false) {
    const send = pushSender({ push: config.push, lookup: deps.pushLookup })
    jobs.runExclusively(
      'push-worker',
      pushWorker({ db: deps.db, clock, send, log: app.log }, deps.pushWorker),
    )
  }
  if (deps.chain) {
    const usdcMint = deps.chain.usdcMint
    if (usdcMint)
      app.addHook('onReady', async () =>
        openPlatformUsdcAccount(chain.rpc, { ...config, usdcMint }, { warn: (m) => app.log.warn(m) }),
      )
    jobs.runExclusively('listing-fee-reverify', listingFeeReverifier(payments, app.log))
    // The donation Action and /actions.json (at the site root, so not under the /api prefix).
    const actions = actionsService({ ...payments, clock })
    await app.register(actionsRoutes, { actions })
    if (deps.referenceWatcher !== false) {
      const watcher = referenceWatcher(
        {
          ...payments,
          clock,
          watchKey: actions.watchKey.toBase58(),
          log: app.log,
        },
        deps.referenceWatcher,
      )
      jobs.runExclusively('reference-watcher', watcher)
    }
  }

  if (deps.ledger) mountLedger(app, deps.ledger)
  const pages = await registerWeb(app, deps.distDir ?? DEFAULT_DIST_DIR)
  app.setNotFoundHandler(pages ? pages(notFoundJson) : notFoundJson)
  return app
}
