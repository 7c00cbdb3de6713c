// Link previews: GET /donate/{id} answers the PWA's index.html with the emergency's Open Graph and X card tags,
// so a link pasted in a chat shows the emergency (crawlers run no JavaScript), and blink clients find the card
// they replace. One query (the emergency's row and first image), HTML-escaped, cached for a minute.
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client'
import { escapeHtml } from '../../lib/html'
import { APP_NAME } from '../../lib/product'
import { emergencyCard } from '../emergencies/emergencies.service'
import type { EmergencyCard } from '../emergencies/emergency-card.repository'
import { clip } from '../../lib/text'
import { progressText } from './donate-action'
import { lruCache, SHARE_SHAPES, shareImageUrl } from './share-images'

const DONATE_PATH = /^\/donate\/([1-9][0-9]{0,15})\/?(?:[?#]|$)/
const CACHE_MS = 60_000
const CACHED_PAGES = 500

/** A meta tag's name and content. */
type Tag = [key: string, content: string]

/** The tags for one emergency (X limits: title 70, description 200, image alt 420 characters). */
export function previewTags(card: EmergencyCard, publicUrl: string): string {
  const url = `${publicUrl}/donate/${card.id}`
  const title = clip(card.title, 70)
  const description = clip(`${progressText(card)}. ${card.description}`, 200)
  const image = shareImageUrl(publicUrl, card.firstImage, 'card')
  const alt = clip(`Proof image of the emergency “${card.title}”`, 420)
  // One card in two vocabularies: Open Graph (property="og:…") and X (name="twitter:…").
  const cardTags = (prefix: string): Tag[] => [
    [`${prefix}:title`, title],
    [`${prefix}:description`, description],
    [`${prefix}:image`, image],
    [`${prefix}:image:alt`, alt],
  ]
  const imageSize: Tag[] = card.firstImage
    ? [
        ['og:image:width', String(SHARE_SHAPES.card.width)],
        ['og:image:height', String(SHARE_SHAPES.card.height)],
        ['og:image:type', 'image/webp'],
      ]
    : []
  const og: Tag[] = [
    ['og:type', 'website'],
    ['og:site_name', APP_NAME],
    ['og:url', url],
    ...cardTags('og'),
    ...imageSize,
  ]
  const x: Tag[] = [['twitter:card', 'summary_large_image'], ...cardTags('twitter')]
  const meta: [string, ...Tag][] = [
    ['name', 'description', description],
    ...og.map((tag): [string, ...Tag] => ['property', ...tag]),
    ...x.map((tag): [string, ...Tag] => ['name', ...tag]),
  ]
  return [
    `<title>${escapeHtml(`${title} · ${APP_NAME}`)}</title>`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...meta.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`),
  ].join('\n    ')
}

/** index.html with the shell's own title and description replaced by the emergency's tags. */
export function injectPreview(indexHtml: string, tags: string): string {
  const bare = indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/i, '')
  return bare.replace(/<\/head>/i, `  ${tags}\n  </head>`)
}

/**
 * The static plugin's shell hook: the page for a /donate/{id} request of a public emergency, else undefined
 * (the plain shell). Deleted emergencies and confirmed scams get no card.
 */
export function donatePreviews({ db, publicUrl }: { db: Db; publicUrl: string }) {
  const pages = lruCache<{ html: string; until: number }>(CACHED_PAGES)
  return async (request: FastifyRequest, indexHtml: string): Promise<string | undefined> => {
    const id = DONATE_PATH.exec(request.url)?.[1]
    if (!id) return undefined
    const cached = pages.get(id)
    if (cached && cached.until > Date.now()) return cached.html
    const card = await emergencyCard(db, Number(id))
    const visible = card && !card.deleted && card.reviewStatus !== 'confirmed_scam'
    const html = visible ? injectPreview(indexHtml, previewTags(card, publicUrl)) : indexHtml
    pages.set(id, { html, until: Date.now() + CACHE_MS })
    return html
  }
}
