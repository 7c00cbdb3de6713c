// Browser-facing headers: a CSP that fits the PWA, and CORS limited to the PWA's own origin.
import type { IncomingMessage, ServerResponse } from 'node:http'
import cors from '@fastify/cors'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'
import { type Config, toWsUrl } from '../config'

export async function registerSecurity(app: FastifyInstance, config: Config) {
  await registerSecurityHeaders(app, config)
  await registerCors(app, config)
}

/**
 * The headers helmet sets for these options. They depend on the configuration only, so they are made once: the
 * helmet plugin rebuilt its middleware (and the CSP) for every request, a large share of a cached read's cost.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const response = {
    setHeader: (name: string, value: unknown) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  }
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined)
  return headers
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const headers = helmetHeaders(securityHeaderOptions(config))
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers)
    done()
  })
}

function securityHeaderOptions(config: Config): HelmetOptions {
  const https = config.publicUrl.startsWith('https:')
  const rpcOrigins = [config.publicRpcUrl, config.publicWsUrl].map((url) => new URL(url).origin)
  const connectSrc = unique(["'self'", toWsUrl(config.publicUrl), ...rpcOrigins])
  return {
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
  }
}

export async function registerCors(app: FastifyInstance, config: Config) {
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
