// Every `?page=N&page_size=M` list is registered here: each route says only what differs (who may call it, what
// it lists, how many rows a page holds, how to load one page), and every one answers through loadPage with the
// same schema, access check and error answers.
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify'
import type { Static, TSchema } from 'typebox'
import { PageQuery, Paginated } from '../../api-contract/common'
import { loadPage } from './load-page'
import type { PageRequest } from './pagination'
import { errors } from './route-schema'

/** Who may read the list: anyone, a signed-in user (401 otherwise), or an admin (401, then 403). */
export type Access = 'public' | 'user' | 'admin'

export interface ListRoute<T extends TSchema> {
  url: string
  tags: string[]
  summary: string
  access: Access
  item: T
  pageSize: number
  config?: FastifyContextConfig
}

export type LoadOnePage<T extends TSchema> = (
  request: FastifyRequest,
  at: PageRequest,
) => Promise<{ total: number; results: Static<T>[] }>

const DENIED: Record<Access, number[]> = { public: [], user: [401], admin: [401, 403] }

export function listRoute<T extends TSchema>(
  app: FastifyInstance,
  publicUrl: string,
  route: ListRoute<T>,
  load: LoadOnePage<T>,
) {
  const signedIn = route.access !== 'public'
  // The page's items are typed by `load`; the route's generic types the validated query.
  app.get<{ Querystring: PageQuery }>(
    route.url,
    {
      ...(signedIn && { preHandler: route.access === 'admin' ? app.requireAdmin : app.requireUser }),
      ...(route.config && { config: route.config }),
      schema: {
        tags: route.tags,
        summary: route.summary,
        ...(signedIn && { security: [{ bearer: [] }] }),
        querystring: PageQuery,
        response: { 200: Paginated(route.item), ...errors(400, ...DENIED[route.access]) },
      },
    },
    async (request) => loadPage(publicUrl, request, route.pageSize, (at) => load(request, at)),
  )
}
