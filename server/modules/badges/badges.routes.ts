// GET /api/badges/mybadges/: the signed-in user's badges, newest first.
import type { FastifyPluginAsync } from 'fastify'
import { Badge } from '../../../api-contract/badges'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { listRoute } from '../../lib/list-route'
import { signedInUser } from '../../plugins/auth'
import { presentBadge } from './badges.present'
import { badgesOfUser } from './badges.service'

const BADGES_PAGE = 10

export const badgesRoutes: FastifyPluginAsync<{ config: Config; db: Db }> = async (app, { config, db }) => {
  const route = { url: '/badges/mybadges/', summary: 'My badges', item: Badge, pageSize: BADGES_PAGE }
  listRoute(app, config.publicUrl, { ...route, tags: ['badges'], access: 'user' }, async (request, at) => {
    const { rows, total } = await badgesOfUser(db, signedInUser(request).id, at)
    return { total, results: rows.map(presentBadge) }
  })
}
