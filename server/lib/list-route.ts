// Every `?page=N&page_size=M` list is registered here: each route says only what differs (who may call it, what
// it lists, how many rows a page holds, how to load one page), and every one answers through loadPage with the
// same schema, access check and error answers.
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify'
import type { Static, TSchema } from 'typebox'
import { PageQuery, Paginated } from '../../api-contract/common'
import { loadPage } from './load-page'
import type { PageRequest } from './pagination'
import { errors } from './route-schema'
import { type SignedIn, signedIn } from './signed-in'

/** Who may read the list: anyone, a signed-in user (401 otherwise), or an admin (401, then 403). */
export type Access = 'public' | SignedIn

export interface ListRoute<T extends TSchema> {
  url: string
  tags: string[]
  summary: string
  access: Access
  /** the path's parameters (e.g. `:id`), validated before `load` reads them */
  params?: TSchema
  item: T
  pageSize: number
  config?: FastifyContextConfig
}

export type LoadOnePage<T extends TSchema> = (
  request: FastifyRequest,
  at: PageRequest,
) => Promise<{ total: number; results: Static<T>[] }>

export function listRoute<T extends TSchema>(
  app: FastifyInstance,
  publicUrl: string,
  route: ListRoute<T>,
  load: LoadOnePage<T>,
) {
  const schema = {
    tags: route.tags,
    summary: route.summary,
    ...(route.params && { params: route.params }),
    querystring: PageQuery,
    response: { 200: Paginated(route.item), ...errors(400) },
  }
  // The page's items are typed by `load`; the route's generic types the validated query.
  app.get<{ Querystring: PageQuery }>(
    route.url,
    {
      ...(route.access === 'public' ? { schema } : signedIn(app, route.access, schema)),
      ...(route.config && { config: route.config }),
    },
    async (request) => loadPage(publicUrl, request, route.pageSize, (at) => load(request, at)),
  )
}
