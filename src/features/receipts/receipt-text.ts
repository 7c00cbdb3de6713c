// The receipt's words and how it writes a moment: the same on the server and in the browser (no locale, no zone).
export const RECEIPT_TEXT = {
  title: 'Donation receipt',
  notTax: 'This is a record of an on-chain transfer, not a tax receipt.',
  verify: 'Verify on Solana Explorer',
  print: 'Print',
  share: 'Share',
  copied: 'Receipt link copied.',
  shareFailed: 'Could not share the link.',
  notFound: 'No donation is recorded with this signature.',
  notFoundHint:
    "If your donation is not shown, open the emergency's page and choose “Donated but don't see it?”.",
  failed: 'The receipt could not load. Try again in a moment.',
} as const

/** "2026-11-28 08:45:12 UTC" from an ISO 8601 time. */
export const utcText = (iso: string) => `${iso.slice(0, 19).replace('T', ' ')} UTC`
