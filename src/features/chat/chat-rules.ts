// Chat rules: an empty message is not sent; an upload is at most the server's upload limit (config).
import type { ChatAbout } from '../../../api-contract/chat'
import { uploadTooLarge } from '../../lib/upload-limit'

export const CHAT_POLL_MS = 10_000

export const CHAT_TEXT = {
  notAuthorized: 'You are not authorized to view this chat.',
  loadMessages: 'Failed to load messages',
  loadDocuments: 'Failed to load documents',
  upload: 'Upload failed',
  send: 'Failed to send message',
} as const

/** The header's line under the campaign's name: the other party, by name when their KYC gave one (an admin
 * reading sees both). */
export function chatWith(about: ChatAbout): string {
  const developer = about.developer_name ?? 'the developer'
  const investor = about.investor_name ?? 'the investor'
  if (about.your_role === 'Investor') return `With ${developer} (Developer)`
  if (about.your_role === 'Developer') return `With ${investor} (Investor)`
  return `Between ${developer} (Developer) and ${investor} (Investor)`
}

/** The text to send, or null when there is nothing to send. */
export const messageToSend = (draft: string): string | null => draft.trim() || null

/** Null when the file may be uploaded, else the reason. */
export const uploadProblem = (file: File, maxBytes: number | null): string | null =>
  uploadTooLarge(file, maxBytes)
