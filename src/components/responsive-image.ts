// srcset/sizes for proof images: the server stores WebP copies at a few widths (server/storage/image-variants.ts)
// and the browser picks the smallest that covers the slot at the screen's pixel density.
import type { ProofImage } from '../../api-contract/emergencies'

/** `srcset` from the image's copies; undefined for an answer cached before copies existed (then `src` alone). */
export const srcSetOf = (image: ProofImage): string | undefined =>
  image.variants?.length ? image.variants.map((v) => `${v.image} ${v.width}w`).join(', ') : undefined

/** A card's image slot: the grid's column (Grid.module.css: 1, 2, then 3 columns of --content-max 1120 px). */
export const CARD_IMAGE_SIZES = '(min-width: 960px) 360px, (min-width: 600px) 50vw, 100vw'

/**
 * How the browser should fetch an image: the first one a screen shows early (the likely LCP), and nothing
 * else, is fetched at high priority and never lazily.
 */
export const loadingOf = (first: boolean) =>
  first ? ({ loading: 'eager', fetchPriority: 'high' } as const) : ({ loading: 'lazy' } as const)
