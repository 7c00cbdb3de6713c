// Where the build writes a route's prerendered first screen (scripts/prerender.ts) and where the static plugin
// looks for it: '/' → prerendered/index.html, '/explore' → prerendered/explore.html. A route with a parameter
// has one page for every value (its first screen before the data arrives): /donate/{id} → prerendered/donate.html.
const SHARED: [RegExp, string][] = [[/^\/donate\/[^/]+$/, '/donate']]

export const prerenderedFile = (pathname: string): string => {
  const page = SHARED.find(([pattern]) => pattern.test(pathname))?.[1] ?? pathname
  return `prerendered/${page === '/' ? 'index' : page.slice(1).replaceAll('/', '_')}.html`
}

/**
 * The page renderer the build keeps (src/prerender/render.tsx bundled for Node by scripts/prerender.ts), in a dot
 * directory of dist/ that static serving never sends.
 */
export const PAGE_RENDERER = '.ssr/render.js'

/** What the server uses of it: a public page's first screen rendered with its served reads (bodies by URL). */
export interface PageRenderer {
  renderServed(path: string, answers: Map<string, string>): Promise<string>
}
