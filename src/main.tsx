import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, router } from './app/App'
import { listenForInstallPrompt } from './app/shell/install/install-listener'
import './styles/global.css'

listenForInstallPrompt()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
// A transition: React renders the first screen in slices and yields to the browser between them, so booting does
// not block input (Total Blocking Time) on slow phones; the prerendered markup is on screen meanwhile.
const start = () =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  )
// index.html carries the prerendered shell or page (scripts/prerender.ts): it stays on screen until the route's
// code has loaded, then React replaces it with the same page in one commit (no empty frame in between).
if (router.state.initialized) start()
else {
  const stop = router.subscribe((state) => {
    if (!state.initialized) return
    stop()
    start()
  })
}
