// The server's render of the app (bundled for Node by the build, scripts/prerender.ts; run by server/web/): a
// public page's first screen with its data, through React Router's static handler, and the shell alone for the
// build's index.html. The app takes the markup over in the browser (src/first-screen/start-app.tsx).
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  type RouteObject,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router-dom'
import type { PublicConfig } from '../../api-contract/config'
import type { PageRenderer } from '../../api-contract/page-render'
import { type PublicPageHandle, routes } from '../app/routes'
import { HydrateFallback } from '../app/RouteError'
import { primeConfig } from '../lib/config.api'
import { setRenderedAt } from '../lib/now'
import { type Read, type ReadContext, reader } from '../lib/public-read'
import { hydrationBlock } from './hydration'
import { headHtml } from './page-head'

/** Loaders read request URLs for their query only: any origin does. */
const ORIGIN = 'http://lifeline.invalid'

const handler = createStaticHandler(routes)

/** A loader's data with every read it started settled (the loaders return their reads unawaited). */
async function settled(loaderData: StaticHandlerContext['loaderData']) {
  const entries = Object.entries(loaderData).map(async ([id, data]) => {
    if (!data || typeof data !== 'object') return [id, data] as const
    const reads = Object.entries(data as Record<string, unknown>).map(async ([key, value]) => [
      key,
      await value,
    ])
    return [id, Object.fromEntries(await Promise.all(reads))] as const
  })
  return Object.fromEntries(await Promise.all(entries))
}

function render(context: StaticHandlerContext, dataRoutes = handler.dataRoutes): string {
  const router = createStaticRouter(dataRoutes, context)
  return renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  )
}

/**
 * The public page at `url` (path and query) rendered with its reads, which `fetchImpl` answers (the server's own
 * API, in process); undefined for any other route, which the shell serves.
 */
export const renderPage: PageRenderer['renderPage'] = async (url, fetchImpl) => {
  const location = new URL(url, ORIGIN)
  const handle = matchRoutes(routes, location)?.at(-1)?.route.handle as PublicPageHandle | undefined
  if (!handle?.publicPage) return undefined
  const requestContext: ReadContext = { fetch: fetchImpl }
  const context = await handler.query(new Request(location), { requestContext })
  if (context instanceof Response) return undefined
  const [loaderData, config] = await Promise.all([
    settled(context.loaderData),
    reader(requestContext)((api) => api.get<PublicConfig>('config/')),
  ])
  // Synchronous from here to the end of the render: these are this render's alone, whatever else is waiting.
  if (config.data) primeConfig(config.data)
  const renderedAt = Date.now()
  setRenderedAt(renderedAt)
  const page = { ...context, loaderData }
  const markup = render(page)
  const { head } = await handle.loaderModule()
  const pageData = loaderData[context.matches.at(-1)!.route.id] as Record<string, Read<unknown> | undefined>
  // A page whose read found nothing (an emergency that does not exist) is a 404, for crawlers and link previews.
  const missing = Object.values(pageData).some((read) => read?.failure?.status === 404)
  return {
    page: handle.publicPage,
    status: missing ? 404 : context.statusCode,
    markup,
    hydration: hydrationBlock({
      router: { loaderData, actionData: context.actionData, errors: context.errors },
      config: config.data,
      renderedAt,
    }),
    head: headHtml(head?.(pageData as never, config.data) ?? {}),
  }
}

/** The shell alone (navbar, tab bar, an empty page): the build's index.html, for every route without a render. */
export async function renderShell(): Promise<string> {
  const shellRoutes = routes.map(
    (route): RouteObject =>
      ({ ...route, children: [{ path: '*', element: <HydrateFallback /> }] }) as RouteObject,
  )
  const shell = createStaticHandler(shellRoutes)
  const context = await shell.query(new Request(ORIGIN))
  if (context instanceof Response) throw new Error('the shell route redirected')
  return render(context, shell.dataRoutes)
}
