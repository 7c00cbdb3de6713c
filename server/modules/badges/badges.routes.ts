// GET /api/badges/mybadges/: the signed-in user's badges, newest first.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync } from 'fastify'
import { Type } from 'typebox'
import { Badge } from '../../../api-contract/badges'
import { PageQuery, Paginated } from '../../../api-contract/common'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { loadPage } from '../../lib/pagination'
import { signedInUser } from '../../plugins/auth'
import { presentBadge } from './badges.present'
import { badgesOfUser } from './badges.service'

const BADGES_PAGE = 10

export const badgesRoutes: FastifyPluginAsync<{ config: Config; db: Db }> = async (
  fastify,
  { config, db },
) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/badges/mybadges/',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['badges'],
        summary: 'My badges',
        security: [{ bearer: [] }],
        querystring: PageQuery,
        response: { 200: Paginated(Badge), 401: Type.Ref('ErrorBody') },
      },
    },
    async (request) =>
      loadPage(config.publicUrl, request, BADGES_PAGE, async (at) => {
        const { rows, total } = await badgesOfUser(db, signedInUser(request).id, at)
        return { total, results: rows.map(presentBadge) }
      }),
  )
}
