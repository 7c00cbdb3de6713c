// What a page the server rendered carries for the app that takes it over: React Router's hydration data (each
// public route's settled reads), the config the page was drawn with, and the moment it was drawn (relative times,
// src/lib/now.ts). A JSON data block, never run (the CSP allows no inline script).
import type { HydrationState } from 'react-router-dom'
import type { PublicConfig } from '../../api-contract/config'

export interface PageHydration {
  router: HydrationState
  config?: PublicConfig
  renderedAt: number
}

const ELEMENT_ID = 'page-hydration'

/** The data block: JSON with `<` escaped, so nothing in the data (a title holding </script>) can end the block. */
export const hydrationBlock = (hydration: PageHydration): string =>
  `<script type="application/json" id="${ELEMENT_ID}">${JSON.stringify(hydration).replace(/</g, '\\u003c')}</script>`

/** The page's hydration data, or undefined for a page the server did not render (the shell). */
export function readHydration(): PageHydration | undefined {
  const block = document.getElementById(ELEMENT_ID)
  return block?.textContent ? (JSON.parse(block.textContent) as PageHydration) : undefined
}
