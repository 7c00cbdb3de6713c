// The contract between the server (server/web/) and the app's renderer that the build bundles for Node
// (src/first-screen/render-page.tsx, loaded by the server from dist/.ssr/render.js).

/** A public page's first screen, rendered with its reads. */
export interface RenderedPage {
  /** The public page's name (src/first-screen/public-pages.ts): its template holds its styles and code links. */
  page: string
  status: number
  /** The markup inside <div id="root">. */
  markup: string
  /** Its hydration data block (JSON, never run), for the end of the head. */
  hydration: string
  /** What the page adds to the head: its image preload (first in the head), its title and meta tags. */
  head: { preload: string; tags: string }
}

export interface PageRenderer {
  /** The public page at `url` (path and query), its reads answered by `fetchImpl`; undefined for any other route. */
  renderPage(url: string, fetchImpl: typeof fetch): Promise<RenderedPage | undefined>
}
