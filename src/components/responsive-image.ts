// Loading hints for proof images; their srcset/sizes (the WebP copies server/storage/image-variants.ts stores, and
// the slots they fill) live in api-contract/proof-image-slots.ts, which the server's preloads share.

/**
 * How the browser should fetch an image: the first one a screen shows early (the likely LCP), and nothing
 * else, is fetched at high priority and never lazily.
 */
export const loadingOf = (first: boolean) =>
  first ? ({ loading: 'eager', fetchPriority: 'high' } as const) : ({ loading: 'lazy' } as const)
