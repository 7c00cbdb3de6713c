// The public pages' modules (each route's lazily loaded page modules, src/app/routes.tsx), read by the prerender
// (src/prerender/render.tsx) and by the build's chunk grouping (scripts/first-screen-chunks.ts). No imports: the
// Vite config loads this file.

export const HOME_PAGE = ['src/features/home/HomePage.tsx']
export const EXPLORE_PAGE = ['src/features/emergencies/ExplorePage.tsx']
export const FEATURED_PAGE = ['src/features/emergencies/FeaturedPage.tsx']
export const PUBLIC_FEED_PAGE = ['src/features/donations/PublicFeedPage.tsx']
export const DONATE_PAGE = [
  'src/features/emergencies/DonatePage.tsx',
  'src/features/donations/DonationPanel.tsx',
  'src/features/donations/EmergencyDonations.tsx',
  'src/features/share/ShareButton.tsx',
  'src/features/share/PhoneDonateSlot.tsx',
]

/** Every public page, by the name its chunk takes. */
export const PUBLIC_PAGES: Record<string, string[]> = {
  home: HOME_PAGE,
  explore: EXPLORE_PAGE,
  featured: FEATURED_PAGE,
  'public-feed': PUBLIC_FEED_PAGE,
  donate: DONATE_PAGE,
}
