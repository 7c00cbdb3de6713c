// The donate page's "Donate from your phone" slot: only at desktop widths (a phone donates in the page itself),
// where it loads the panel and its QR library lazily.
import { lazy, Suspense } from 'react'
import { useMediaQuery } from '../../lib/use-media-query'
import type { Emergency } from '../../../api-contract/emergencies'

const DESKTOP = '(min-width: 960px)'
const PhoneDonatePanel = lazy(() => import('./PhoneDonatePanel'))

export function PhoneDonateSlot({ emergency }: { emergency: Emergency }) {
  // Rendered on the server (the first screen's HTML) as a phone's page, which a desktop then completes.
  if (!useMediaQuery(DESKTOP)) return null
  return (
    <Suspense fallback={null}>
      <PhoneDonatePanel emergency={emergency} />
    </Suspense>
  )
}
