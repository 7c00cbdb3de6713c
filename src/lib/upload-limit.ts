// The server refuses files above its upload limit (config max_upload_bytes, 5 MB today); forms refuse them
// first, with the same words, so nothing large travels for nothing.

const MB = 1024 * 1024

/** '5 MB' for the hints beside file inputs. */
export const uploadLimitText = (maxBytes: number) => `${Math.round(maxBytes / MB)} MB`

export const fileTooLargeText = (maxBytes: number) =>
  `File too large. Maximum allowed size is ${Math.round(maxBytes / MB)}MB.`

/** The refusal for `file`, or null; null too while the limit is unknown (the server still checks). */
export const uploadTooLarge = (file: File, maxBytes: number | null): string | null =>
  maxBytes !== null && file.size > maxBytes ? fileTooLargeText(maxBytes) : null
