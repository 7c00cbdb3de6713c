// Prerendering (issue 10): the shell and the public routes rendered to HTML, so the first paint needs no
// JavaScript. At build time (scripts/prerender.ts) every data hook is in its loading state (effects never run), so
// a page renders as its heading, text and skeletons. On request (server/plugins/served-reads.ts, which imports the
// build's copy of this module) a public page renders with the reads the server answered for it, taken by its
// loaders in their first render (lib/served-reads). The PWA then renders the same page over this markup once its
// code has loaded (src/main.tsx).
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createMemoryRouter, type RouteObject, RouterProvider } from '../lib/router'
import { HydrateFallback } from '../app/RouteError'
import { routes } from '../app/routes'
import { serveDuringRender } from '../lib/served-reads'
import { DONATE_PAGE, EXPLORE_PAGE, FEATURED_PAGE, HOME_PAGE, PUBLIC_FEED_PAGE } from './public-pages'

/**
 * The public routes whose first screen does not depend on who is looking, each with the page modules its route
 * loads lazily (src/app/routes.tsx) and those of the page a visitor most likely opens next: the page's HTML
 * links its own CSS, preloads its own code and prefetches the next page's in idle time.
 */
export interface PrerenderedPage {
  modules: string[]
  next: string[]
  /** The URL rendered for a route with a parameter (its page shows skeletons until the data arrives). */
  at?: string
}

export const PRERENDERED_PAGES: Record<string, PrerenderedPage> = {
  '/': { modules: HOME_PAGE, next: EXPLORE_PAGE },
  '/explore': { modules: EXPLORE_PAGE, next: DONATE_PAGE },
  '/featured': { modules: FEATURED_PAGE, next: DONATE_PAGE },
  '/public': { modules: PUBLIC_FEED_PAGE, next: DONATE_PAGE },
  '/donate': { modules: DONATE_PAGE, next: [], at: '/donate/0' },
}

/** The shell alone (navbar, tab bar, an empty page), for every other route: index.html. */
const shellRoutes: RouteObject[] = routes.map((route) => ({
  ...route,
  children: [{ path: '*', element: <HydrateFallback /> }],
}))

async function renderPath(tree: RouteObject[], path: string, answers?: Map<string, string>): Promise<string> {
  const router = createMemoryRouter(tree, { initialEntries: [path] })
  await router.ready()
  if (router.state.error) throw new Error(`prerender ${path}: ${String(router.state.error)}`)
  // Synchronous from here: the answers are this render's alone, even with other requests' renders waiting above.
  serveDuringRender(answers)
  try {
    return renderToString(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    )
  } finally {
    serveDuringRender(undefined)
  }
}

export const renderShell = () => renderPath(shellRoutes, '/')
export const renderPage = (path: string) => renderPath(routes, path)
/** A public page's first screen with its data: `answers` are the served reads' bodies by URL (/api/…). */
export const renderServed = (path: string, answers: Map<string, string>) => renderPath(routes, path, answers)
