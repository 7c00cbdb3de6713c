// The first screen's data inside the served HTML (issue 10: LCP). For a public page (/, /explore, /featured,
// /public, /donate/{id}) the server asks its own API for the reads that page starts with, through app.inject: the
// very answer the PWA would get, from the read cache, anonymous. Each goes into the page as a
// <script type="application/json" data-read="/api/…"> block (data, never run: CSP `script-src 'self'` holds), which
// the PWA's plain client takes instead of fetching (src/lib/served-reads.ts). The page's first proof image gets a
// <link rel="preload" fetchpriority="high"> with the srcset/sizes its <img> uses, so it downloads beside the code
// instead of after code → API → image. And the page's first screen is rendered with those answers into its
// <div id="root"> (./page-markup.ts), so its text and images paint before any JS has run; the PWA then renders the
// same markup over it. A page with a query (?q=, ?page=) starts from other reads: served as is. Every such page also
// carries /api/config/ (the explorer, the cluster, the tip percent), which parts of its first screen draw with.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Page } from '../../api-contract/common'
import type { Emergency, ProofImage } from '../../api-contract/emergencies'
import { CARD_IMAGE_SIZES, CAROUSEL_SIZES, srcSetOf } from '../../api-contract/proof-image-slots'
import { escapeHtml } from '../lib/html'
import { pageMarkup } from './page-markup'

const CONFIG = '/api/config/'
const FEATURED = '/api/emergency/featured/?page=1'
const LIST = '/api/emergency/list/?page=1'

interface FirstImage {
  image: ProofImage
  sizes: string
}

/** The reads a page starts with (the URLs the PWA asks for), and which answer holds the image it shows first. */
interface PageReads {
  reads: string[]
  firstImage?: (answers: unknown[]) => FirstImage | undefined
}

/** A grid's first card (EmergencyGrid `first`): its first proof image, in a card's slot. */
const firstCard = (...pages: unknown[]): FirstImage | undefined => {
  const emergency = pages.map((page) => (page as Page<Emergency> | undefined)?.results?.[0]).find(Boolean)
  const image = emergency?.proof_images[0]
  return image && { image, sizes: CARD_IMAGE_SIZES }
}

function readsOf(pathname: string): PageReads | undefined {
  if (pathname === '/') return { reads: [FEATURED] }
  // /explore opens with Featured, or with All Emergencies when nothing is featured.
  if (pathname === '/explore')
    return { reads: [FEATURED, LIST], firstImage: (answers) => firstCard(...answers) }
  if (pathname === '/featured') return { reads: [FEATURED], firstImage: (answers) => firstCard(...answers) }
  if (pathname === '/public') return { reads: ['/api/emergency/public-donations/?page=1'] }
  const id = /^\/donate\/([1-9][0-9]{0,15})$/.exec(pathname)?.[1]
  if (!id) return undefined
  return {
    reads: [`/api/emergency/detail/${id}/`, `/api/emergency/${id}/donations/?page=1`],
    firstImage: ([detail]) => {
      const image = (detail as Emergency | undefined)?.proof_images?.[0]
      return image && { image, sizes: CAROUSEL_SIZES }
    },
  }
}

/** Where the image preload goes: after the viewport declaration, else after the charset (which must come first),
 * else after <head>. Never before the viewport: a preload's `imagesizes` read before it is measured against the
 * default 980 px layout width, so a phone would fetch the widest copy and then the one its <img> picks. */
const headStart = (html: string) =>
  [/<meta name="viewport"[^>]*>/i, /<meta charset=[^>]*>/i, /<head>/i].find((tag) => tag.test(html))!

/** JSON inside <script>: `<` escaped, so no `</script>` or `<!--` in the data can end or change the block. */
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c')

function preloadTag({ image, sizes }: FirstImage): string {
  const srcset = srcSetOf(image)
  const source = srcset
    ? `imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}"`
    : `href="${escapeHtml(image.image)}"`
  return `<link rel="preload" as="image" fetchpriority="high" ${source}>`
}

/** A shell hook (server/plugins/static.ts): the page with its first reads, or undefined for a page without any. */
export function servedReads(app: FastifyInstance) {
  const markup = pageMarkup(app)
  return async (request: FastifyRequest, html: string, distDir: string): Promise<string | undefined> => {
    const [url, query] = request.url.split('?')
    const pathname = url!.replace(/(.)\/$/, '$1')
    // For browsers only (crawlers run no code), and only for a page's plain URL.
    const browser = (request.headers.accept ?? '').includes('text/html')
    const page = browser && query === undefined ? readsOf(pathname) : undefined
    if (!page || !html.includes('</head>')) return undefined
    const reads = [...page.reads, CONFIG]
    const answers = await Promise.all(
      reads.map((url) => app.inject({ method: 'GET', url, headers: { accept: 'application/json' } })),
    )
    // A read that failed (a missing emergency, a busy database) is left to the PWA, which shows its error; a page
    // none of whose own reads answered (a missing emergency) is the plain shell.
    const ok = (answer: (typeof answers)[number]) => answer.statusCode === 200
    const own = answers.slice(0, page.reads.length)
    if (!own.some(ok)) return undefined
    const blocks = answers.flatMap((answer, index) =>
      ok(answer)
        ? [
            `<script type="application/json" data-read="${escapeHtml(reads[index]!)}">${scriptSafe(answer.body)}</script>`,
          ]
        : [],
    )
    // Only a page with a first image to preload needs its answers parsed (list pages are whole pages of JSON).
    const image = page.firstImage?.(
      own.map((answer) => (ok(answer) ? (JSON.parse(answer.body) as unknown) : undefined)),
    )
    const rendered = answers.every(ok)
      ? await markup(
          distDir,
          html,
          pathname,
          new Map(answers.map((answer, index) => [reads[index]!, answer.body])),
        )
      : undefined
    // The image first in the head, before the code's modulepreloads: the browser asks for it on its first
    // connection rather than behind two dozen chunks (HTTP/1.1 opens six at a time).
    const made = rendered ?? html
    const withImage = image ? made.replace(headStart(made), (tag) => `${tag}${preloadTag(image)}`) : made
    return withImage.replace('</head>', `${blocks.join('')}</head>`)
  }
}
