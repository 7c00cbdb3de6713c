// Browser-facing headers: a CSP that fits the PWA, and CORS limited to the PWA's own origin.
import cors from '@fastify/cors'
import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
import { type Config, toWsUrl } from '../config'

export async function registerSecurity(app: FastifyInstance, config: Config) {
  const https = config.publicUrl.startsWith('https:')
  const rpcOrigins = [config.publicRpcUrl, config.publicWsUrl].map((url) => new URL(url).origin)
  const connectSrc = unique(["'self'", toWsUrl(config.publicUrl), ...rpcOrigins])
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc,
        frameSrc: ['https://www.youtube.com', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        // Over plain http (a phone on the LAN) upgrading would break every request.
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Wallet adapters may open popups (e.g. a web wallet) that must keep their opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  })
  await app.register(cors, {
    origin: [config.publicUrl],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  })
}

function unique(values: string[]): string[] {
  return [...new Set(values)]
}
