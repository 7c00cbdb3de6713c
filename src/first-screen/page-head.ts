// What a public page adds to the head of its served HTML (the loader module's `head`, given the page's reads): its
// title and description, link-preview cards for crawlers and chats (Open Graph, X), and a preload of the image that
// paints largest, so it downloads beside the code instead of after code → data → image.
import { srcSetOf } from '../components/proof-image-slots'
import type { ProofImage } from '../../api-contract/emergencies'
import type { PublicConfig } from '../../api-contract/config'

export interface PageHead {
  title?: string
  description?: string
  /** `property` (Open Graph) or `name` (X, description) meta tags, in order. */
  meta?: { attribute: 'property' | 'name'; key: string; content: string }[]
  canonical?: string
  /** The page's first image, with the `sizes` its <img> uses. */
  preloadImage?: { image: ProofImage; sizes: string }
}

/** A page module's head: from the page's settled reads (the loader's data) and the config. */
export type HeadOf<Data> = (data: Data, config: PublicConfig | undefined) => PageHead | undefined

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  )

function preloadTag({ image, sizes }: NonNullable<PageHead['preloadImage']>): string {
  const srcset = srcSetOf(image)
  const source = srcset
    ? `imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}"`
    : `href="${escapeHtml(image.image)}"`
  return `<link rel="preload" as="image" fetchpriority="high" ${source}>`
}

/** The head's tags as HTML: `preload` goes first in the head, the rest replace the shell's title and description. */
export function headHtml(head: PageHead): { preload: string; tags: string } {
  const tags = [
    head.title !== undefined ? `<title>${escapeHtml(head.title)}</title>` : '',
    head.description !== undefined
      ? `<meta name="description" content="${escapeHtml(head.description)}">`
      : '',
    head.canonical !== undefined ? `<link rel="canonical" href="${escapeHtml(head.canonical)}">` : '',
    ...(head.meta ?? []).map(
      ({ attribute, key, content }) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`,
    ),
  ]
  return { preload: head.preloadImage ? preloadTag(head.preloadImage) : '', tags: tags.join('') }
}
