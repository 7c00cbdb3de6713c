// The ceiling the API is compared with in the same run: Fastify, one small JSON route, no plugins, no logger.
import Fastify from 'fastify'

const app = Fastify()
app.get('/ping', async () => ({ hello: 'world' }))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
