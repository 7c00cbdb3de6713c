// The one list of public pages: the routes whose first screen the server renders with its data (the route's
// loader, run by React Router's static handler: src/first-screen/render-page.tsx). Everything that treats a public
// page apart reads this list: the route table (src/app/routes.tsx), the server render, the build's chunk groups
// (scripts/first-screen-chunks.ts) and the build's page templates (scripts/prerender.ts).
// A new public page is its page module, its loader module and one entry here.
// No imports: the Vite config loads this file.

export interface PublicPage {
  /** The route's path (React Router's pattern), under the shell's layout. */
  path: string
  /** The page's module (default export: the page component), from the repository root. */
  page: string
  /** The module exporting the route's `loader`: the page's first-screen reads, nothing else. */
  loader: string
  /** The page a visitor most likely opens next: its code is prefetched in idle time once this page has loaded. */
  next?: string
}

export const PUBLIC_PAGES = {
  home: {
    path: '/',
    page: 'src/features/home/HomePage.tsx',
    loader: 'src/features/home/home.loader.ts',
    next: 'explore',
  },
  explore: {
    path: '/explore',
    page: 'src/features/emergencies/ExplorePage.tsx',
    loader: 'src/features/emergencies/explore.loader.ts',
    next: 'donate',
  },
  featured: {
    path: '/featured',
    page: 'src/features/emergencies/FeaturedPage.tsx',
    loader: 'src/features/emergencies/featured.loader.ts',
    next: 'donate',
  },
  'public-feed': {
    path: '/public',
    page: 'src/features/donations/PublicFeedPage.tsx',
    loader: 'src/features/donations/public-feed.loader.ts',
    next: 'donate',
  },
  donate: {
    path: '/donate/:id',
    page: 'src/app/donate/DonateRoute.tsx',
    loader: 'src/app/donate/donate.loader.ts',
  },
  receipt: {
    path: '/receipt/:tx',
    page: 'src/features/receipts/ReceiptPage.tsx',
    loader: 'src/features/receipts/receipt.loader.ts',
  },
} satisfies Record<string, PublicPage>
