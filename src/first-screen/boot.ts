// The page's entry. Its first screen is in the HTML (rendered with its data by the server, or the build's shell), so
// it paints without any JavaScript: the code that takes it over (start-app.tsx) is asked for once that paint is on
// screen. The first paint and the first image then have a slow network to themselves, and the app's modules never
// run before the visitor sees the page.
import { catchInstallPrompt } from '../app/shell/install/install-prompt-catcher'
import { holdEarlyTaps } from './early-taps'
import { preloadPageModules } from './page-code'

catchInstallPrompt()
holdEarlyTaps()

function startApp() {
  preloadPageModules()
  void import('./start-app')
}

// A frame, then a task: the page has been painted. A tab opened in the background paints nothing: it starts at once.
if (document.visibilityState === 'hidden') startApp()
else requestAnimationFrame(() => setTimeout(startApp, 0))
