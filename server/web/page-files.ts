// Where the build writes what the server serves pages from (scripts/prerender.ts writes them, server/web reads
// them): a public page's template (index.html with the page's styles and code links) and the server's renderer of
// the app (src/first-screen/render-page.tsx bundled for Node), in a dot directory that static serving never sends.

export const PAGE_RENDERER = '.ssr/render.js'

/** The template of the public page named in src/first-screen/public-pages.ts. */
export const pageTemplate = (name: string) => `prerendered/${name}.html`
