import { getDefaultStore } from 'jotai'
import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App, router } from './app/App'
import { prefetchNextPage } from './app/next-page'
import { listenForInstallPrompt } from './app/shell/install/install-listener'
import { tokenAtom, walletAtom } from './state/auth.atoms'
import './styles/global.css'

listenForInstallPrompt()
prefetchNextPage()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
const app = (
  <StrictMode>
    <App />
  </StrictMode>
)
/**
 * The server rendered this page with its data (server/plugins/page-markup.ts) as a visitor without a session sees
 * it, and the app's first render draws the same markup from the same data (lib/served-reads): it takes the markup
 * over (hydrates) instead of drawing it again, so the text and images on screen stay where they are. A visitor
 * with a session or a wallet sees another navbar: their page is rendered afresh over the markup, in one commit.
 */
const sameAsServed = () =>
  root.hasAttribute('data-server-rendered') &&
  !getDefaultStore().get(tokenAtom) &&
  !getDefaultStore().get(walletAtom)
// A transition: the first screen renders without blocking input for longer than it must (Total Blocking Time).
const start = () =>
  startTransition(() => {
    if (sameAsServed()) hydrateRoot(root, app)
    else createRoot(root).render(app)
  })
/**
 * After the browser has painted what the HTML carries: the page shows (First/Largest Contentful Paint) before the
 * app's first render takes the main thread. A tab opened in the background paints nothing: it starts at once.
 */
const afterFirstPaint = (then: () => void) => {
  if (document.visibilityState === 'hidden') then()
  else requestAnimationFrame(() => setTimeout(then, 0))
}
// index.html carries the prerendered shell or page (scripts/prerender.ts): it stays on screen until the route's
// code has loaded, then the app takes it over (no empty frame in between).
if (router.state.initialized) afterFirstPaint(start)
else {
  const stop = router.subscribe((state) => {
    if (!state.initialized) return
    stop()
    afterFirstPaint(start)
  })
}
