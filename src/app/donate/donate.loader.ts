// /donate/:id's first-screen reads (the emergency, page 1 of its donations for the side panel and page 1 of its
// updates) and its head.
import type { LoaderFunctionArgs } from 'react-router-dom'
import { listEmergencyDonations } from '../../lib/donations.api'
import { fetchEmergency } from '../../lib/emergencies.api'
import { reader, type Settled } from '../../lib/public-read'
import { listUpdates } from '../../lib/updates.api'
import { CAROUSEL_SIZES } from '../../components/proof-image-slots'
import type { Emergency } from '../../lib/emergencies.api'
import { parseSol, percentOf, solText } from '../../lib/sol'
import { clip } from '../../lib/text'
import { donationsText } from '../../lib/trust'
import type { HeadOf } from '../../first-screen/page-head'

export const loader = ({ context, params }: LoaderFunctionArgs) => {
  const read = reader(context)
  const id = params.id ?? ''
  return {
    emergency: read((api) => fetchEmergency(api, id)),
    donations: read((api) => listEmergencyDonations(api, id)),
    updates: read((api) => listUpdates(api, id)),
  }
}

export type DonateData = ReturnType<typeof loader>

/** The emergency's title, its progress and its card (Open Graph and X: a link pasted in a chat shows the emergency,
 * and blink clients find the card they replace), and its first proof image preloaded in the carousel's slot. */
export const head: HeadOf<Settled<DonateData>> = ({ emergency: { data } }, config) => {
  if (!data) return undefined
  const appName = config?.app_name ?? 'Lifeline'
  const origin = config?.public_url ?? ''
  const url = `${origin}/donate/${data.id}`
  const title = clip(data.title, 70)
  const description = clip(`${progressText(data)}. ${data.description}`, 200)
  const first = data.proof_images[0]
  const image = first
    ? `${origin}/api/share-images/${first.image.split('/').pop()}/card.webp`
    : `${origin}/icons/icon-512.png`
  const alt = clip(`Proof image of the emergency “${data.title}”`, 420)
  const card = (prefix: string, attribute: 'property' | 'name') =>
    [
      [`${prefix}:title`, title],
      [`${prefix}:description`, description],
      [`${prefix}:image`, image],
      [`${prefix}:image:alt`, alt],
    ].map(([key, content]) => ({ attribute, key: key!, content: content! }))
  const og = (key: string, content: string) => ({ attribute: 'property' as const, key, content })
  return {
    title: `${title} · ${appName}`,
    description,
    canonical: url,
    meta: [
      og('og:type', 'website'),
      og('og:site_name', appName),
      og('og:url', url),
      ...card('og', 'property'),
      ...(first
        ? [og('og:image:width', '1200'), og('og:image:height', '630'), og('og:image:type', 'image/webp')]
        : []),
      { attribute: 'name', key: 'twitter:card', content: 'summary_large_image' },
      ...card('twitter', 'name'),
    ],
    preloadImage: first && { image: first, sizes: CAROUSEL_SIZES },
  }
}

/** "12.5 of 50 SOL raised (25%) from 3 donations" */
function progressText(emergency: Emergency): string {
  const percent = Math.floor(
    percentOf(parseSol(emergency.total_donated) ?? 0n, parseSol(emergency.sol_goal) ?? 0n),
  )
  return `${solText(emergency.total_donated)} of ${solText(emergency.sol_goal)} SOL raised (${percent}%) from ${donationsText(emergency.donation_count)}`
}
