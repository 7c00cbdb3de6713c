import { getDefaultStore } from 'jotai'
import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App, router } from './app/App'
import { answerEarlyTap } from './early-taps'
import { prefetchNextPage } from './app/next-page'
import { listenForInstallPrompt } from './app/shell/install/install-listener'
import { tokenAtom, walletAtom } from './state/auth.atoms'
import { hydrateInTasks } from './lib/hydrate-later'
import { markTakenOver } from './taken-over'
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
const start = () => {
  startTransition(() => {
    if (sameAsServed()) hydrateInTasks(() => hydrateRoot(root, app))
    else createRoot(root).render(app)
  })
  markTakenOver()
  // After the task in which the page inside the layout is taken over (lib/hydrate-later).
  setTimeout(answerEarlyTap, 0)
}
// The page on screen (prerendered, or the server's) stays until the route's code has loaded, then the app takes it
// over (no empty frame in between), in a task of its own after the one that evaluated the modules.
void router.ready().then(() => setTimeout(start, 0))
