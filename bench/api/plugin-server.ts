// One small JSON route behind a chosen subset of the API's plugins, as the app registers them, to price each
// plugin against the bare route in the same run (bench/api.bench.ts "plugin costs").
//   PORT=… PLUGINS=logging,headers,cors,rate-limit node --import tsx bench/api/plugin-server.ts
import rateLimit from '@fastify/rate-limit'
import Fastify from 'fastify'
import { RequestLog, requestLogger } from '../../server/plugins/request-log'
import { registerCors, registerSecurityHeaders } from '../../server/plugins/security'
import { testConfig } from '../../tests/helpers/config'

const plugins = new Set((process.env.PLUGINS ?? '').split(',').filter(Boolean))
const config = testConfig({ logLevel: 'info' })
// `logging`: pino at info to stdout (the bench discards it, as a log shipper would take it), Fastify's own
// per-request lines; `request-log`: the app's choice (server/plugins/request-log.ts).
const app = Fastify({
  logger: plugins.has('logging') || plugins.has('request-log') ? { level: 'info' } : false,
  ...(plugins.has('request-log')
    ? { logController: new RequestLog(), childLoggerFactory: requestLogger as never }
    : {}),
})
if (plugins.has('headers')) await registerSecurityHeaders(app, config)
if (plugins.has('cors')) await registerCors(app, config)
// Registered as the app does (global: false): routes without a limit should not pay for it.
if (plugins.has('rate-limit')) await app.register(rateLimit, { global: false })
app.get('/ping', async () => ({ hello: 'world' }))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
