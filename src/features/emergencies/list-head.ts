import type { Page } from '../../../api-contract/common'
import { CARD_IMAGE_SIZES } from '../../components/proof-image-slots'
import type { PageHead } from '../../first-screen/page-head'
import type { Emergency } from '../../lib/emergencies.api'
import type { Read } from '../../lib/public-read'

/** A grid page's head: the image of the card that opens it (EmergencyGrid `first`), preloaded in a card's slot. */
export function firstCardHead(...reads: Read<Page<Emergency>>[]): PageHead | undefined {
  const image = reads.map((read) => read.data?.results?.[0]).find(Boolean)?.proof_images[0]
  return image && { preloadImage: { image, sizes: CARD_IMAGE_SIZES } }
}
