// Where the build writes a route's prerendered first screen (scripts/prerender.ts) and where the static plugin
// looks for it: '/' → prerendered/index.html, '/explore' → prerendered/explore.html.
export const prerenderedFile = (pathname: string): string =>
  `prerendered/${pathname === '/' ? 'index' : pathname.slice(1).replaceAll('/', '_')}.html`
