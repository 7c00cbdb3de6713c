// The app, fetched by the page's entry (boot.ts) once the first paint is on screen. A page the server rendered
// (render-page.tsx) carries its reads (hydration.ts): the router starts from them without fetching, and React takes
// the server's markup over (hydrates) instead of drawing it again, so the text and images on screen stay. A visitor
// with a session or a wallet sees another navbar: their page is drawn afresh over the markup, in one commit, from
// the same reads. Any other route starts from the shell and reads what it needs.
import { getDefaultStore } from 'jotai'
import { type ReactNode, startTransition, StrictMode, useEffect } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, type RouteObject, RouterProvider } from 'react-router-dom'
import { routes } from '../app/routes'
import { listenForInstallPrompt } from '../app/shell/install/install-listener'
import { primeConfig } from '../lib/config.api'
import { setRenderedAt } from '../lib/now'
import { tokenAtom, walletAtom } from '../state/auth.atoms'
import { keepReadsForOffline } from '../service-worker/keep-reads'
import { answerEarlyTap } from './early-taps'
import { readHydration } from './hydration'
import { prefetchNextPage } from './page-code'
import { markTakenOver } from './taken-over'
import '../styles/global.css'

/** The lazy routes the location needs, loaded before the router starts: the first render must be the page itself. */
async function loadMatchedRoutes(tree: RouteObject[]) {
  const lazy = (matchRoutes(tree, window.location) ?? []).filter((match) => match.route.lazy)
  await Promise.all(
    lazy.map(async ({ route }) => {
      const definition = route.lazy!
      const loaded =
        typeof definition === 'function'
          ? await definition()
          : Object.fromEntries(
              await Promise.all(Object.entries(definition).map(async ([key, load]) => [key, await load?.()])),
            )
      Object.assign(route, { ...loaded, lazy: undefined })
    }),
  )
}

async function start() {
  listenForInstallPrompt()
  prefetchNextPage()
  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root')
  const hydration = readHydration()
  if (hydration?.config) primeConfig(hydration.config)
  if (hydration) setRenderedAt(hydration.renderedAt)
  await loadMatchedRoutes(routes)
  const router = createBrowserRouter(routes, { hydrationData: hydration?.router })
  const app = (
    <StrictMode>
      <TakingOver>
        <RouterProvider router={router} />
      </TakingOver>
    </StrictMode>
  )
  const store = getDefaultStore()
  const asServed = hydration && !store.get(tokenAtom) && !store.get(walletAtom)
  // In a transition: React renders the page in short pieces and the browser paints and takes input between them.
  startTransition(() => {
    if (asServed) hydrateRoot(root, app)
    else createRoot(root).render(app)
  })
  if (hydration) keepReadsForOffline(hydration.router.loaderData)
}

/** Once the app's first render is on the page (its first commit): taps reach the app, and the one held is answered. */
function TakingOver({ children }: { children: ReactNode }) {
  useEffect(() => {
    markTakenOver()
    answerEarlyTap()
  }, [])
  return children
}

void start()
