// How the PWA lays out proof images, as `srcset`/`sizes`: shared by the <img> elements and the head's preload of a
// page's first image (the public pages' `head`, src/first-screen/page-head.ts), because a preload only helps when it
// asks for the very copy the page's <img> then picks; with different `sizes` the browser would fetch a second one.
import type { ProofImage } from '../../api-contract/emergencies'

/** `srcset` from the image's WebP copies; undefined for an answer cached before copies existed (then `src` alone). */
export const srcSetOf = (image: ProofImage): string | undefined =>
  image.variants?.length ? image.variants.map((v) => `${v.image} ${v.width}w`).join(', ') : undefined

/** A card's image slot: the grid's column (Grid.module.css: 1, 2, then 3 columns of --content-max 1120 px). */
export const CARD_IMAGE_SIZES = '(min-width: 960px) 360px, (min-width: 600px) 50vw, 100vw'

/** The proof carousel on /donate/{id} (DonatePage.module.css): the page's width on phones, the wider column of two
 * from 960 px. */
export const CAROUSEL_SIZES = '(min-width: 960px) 680px, 100vw'
