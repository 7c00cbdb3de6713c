// The service worker's runtime caches, by name: the worker fills them (sw.ts), the page hands it what it got
// before the worker was in control (offline-assets.ts, keep-reads.ts).
export const CACHES = {
  /** Pages as the server sent them (their first screen rendered): the last copy opens offline. */
  pages: 'lifeline-pages',
  /** Hashed scripts and styles: a name never changes its content. */
  assets: 'lifeline-assets',
  /** Public API reads (answers marked `Cache-Control: public`): the last copy answers offline. */
  publicReads: 'lifeline-public-api',
  /** Public images (proof images, icons). */
  images: 'lifeline-images',
} as const

/** The message a page sends with the reads it was served in its HTML: `{type, reads: [{url, body}]}`. */
export const KEEP_READS = 'KEEP_READS'

export interface KeptRead {
  url: string
  body: string
}
