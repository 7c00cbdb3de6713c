// The donate page's "Donate from your phone" slot: only at desktop widths (a phone donates in the page itself),
// where it loads the panel and its QR library lazily.
import { lazy, Suspense, useSyncExternalStore } from 'react'
import type { Emergency } from '../../../api-contract/emergencies'

const DESKTOP = '(min-width: 960px)'
const PhoneDonatePanel = lazy(() => import('./PhoneDonatePanel'))

function useMatches(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', notify)
      return () => list.removeEventListener('change', notify)
    },
    () => window.matchMedia(query).matches,
    // Rendered on the server (the first screen's HTML): a phone's page, which a desktop then completes.
    () => false,
  )
}

export function PhoneDonateSlot({ emergency }: { emergency: Emergency }) {
  if (!useMatches(DESKTOP)) return null
  return (
    <Suspense fallback={null}>
      <PhoneDonatePanel emergency={emergency} />
    </Suspense>
  )
}
