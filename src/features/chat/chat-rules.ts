// Chat rules (spec §5): an empty message is not sent; an upload is at most 5 MB (5242880 bytes).
export const MAX_CHAT_UPLOAD_BYTES = 5_242_880
export const CHAT_POLL_MS = 10_000

export const CHAT_TEXT = {
  tooLarge: 'File too large. Maximum allowed size is 5MB.',
  notAuthorized: 'You are not authorized to view this chat.',
  loadMessages: 'Failed to load messages',
  loadDocuments: 'Failed to load documents',
  upload: 'Upload failed',
  send: 'Failed to send message',
} as const

/** The text to send, or null when there is nothing to send. */
export const messageToSend = (draft: string): string | null => draft.trim() || null

/** Null when the file may be uploaded, else the reason. */
export const uploadProblem = (file: File): string | null =>
  file.size > MAX_CHAT_UPLOAD_BYTES ? CHAT_TEXT.tooLarge : null
