// Where the build writes a route's prerendered first screen (scripts/prerender.ts) and where the static plugin
// looks for it: '/' → prerendered/index.html, '/explore' → prerendered/explore.html. A route with a parameter
// has one page for every value (its first screen before the data arrives): /donate/{id} → prerendered/donate.html.
const SHARED: [RegExp, string][] = [[/^\/donate\/[^/]+$/, '/donate']]

export const prerenderedFile = (pathname: string): string => {
  const page = SHARED.find(([pattern]) => pattern.test(pathname))?.[1] ?? pathname
  return `prerendered/${page === '/' ? 'index' : page.slice(1).replaceAll('/', '_')}.html`
}
