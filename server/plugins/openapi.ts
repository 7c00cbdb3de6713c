// OpenAPI generated from the route schemas, served with Swagger UI at /api/docs/ (JSON at /api/docs/json).
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { ErrorBody } from '../../api-contract/errors'

export async function registerOpenApi(app: FastifyInstance) {
  app.addSchema(ErrorBody)
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Lifeline API',
        version: '1',
        description:
          'Errors are always {error, detail, code}. Sign in: GET users/nonce/ → sign the message → POST users/login/.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { deepLinking: false } })
}
