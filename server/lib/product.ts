// The product's business constants, defined once. The PWA reads them from GET /api/config/ (served from here)
// instead of copying them, so changing one here changes the whole product.

export const APP_NAME = 'Lifeline'
/** What listing an airdrop campaign costs, paid to the platform wallet. */
export const LISTING_FEE_SOL = '0.5'
/** What featuring an emergency costs, and for how long it stays featured. */
export const BOOST_FEE_SOL = '0.1'
export const BOOST_DAYS = 7
/** The tip suggested on every donation (the donor may change it, down to 0). */
export const TIP_PERCENT = 5
/** The largest file accepted anywhere (proof images, KYC ids, campaign images, chat documents). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024
