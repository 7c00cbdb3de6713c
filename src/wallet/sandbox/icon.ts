// A sandbox/test-tube glyph, as the data URI Wallet Standard requires for wallet icons.
const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#8a5300"/>' +
  '<path d="M24 12h16v4h-3v14l11 18a4 4 0 0 1-3.4 6H19.4a4 4 0 0 1-3.4-6l11-18V16h-3z" fill="#fdf1dc"/>' +
  '<path d="M20 44h24l3 5H17z" fill="#f4b860"/></svg>'

export const SANDBOX_ICON = `data:image/svg+xml;base64,${btoa(svg)}` as const
