// Private documents (chat uploads): PDF, PNG, JPEG or WebP decided by magic bytes, ≤ 5 MB. Images are re-encoded
// like every other upload (cleanImage); a PDF cannot be re-encoded, so it is kept as sent, only ever served as an
// attachment with nosniff to the chat's participants.
import { fileTypeFromBuffer } from 'file-type'
import { AppError } from '../lib/errors'
import type { DocumentMime } from './file-store'
import { cleanImage, fileTooLarge, MAX_IMAGE_BYTES } from './images'

export const MAX_DOCUMENT_BYTES = MAX_IMAGE_BYTES

export interface CleanDocument {
  mime: DocumentMime
  body: Buffer
}

export async function cleanDocument(input: Buffer): Promise<CleanDocument> {
  if (input.length > MAX_DOCUMENT_BYTES) throw fileTooLarge()
  const type = await fileTypeFromBuffer(input)
  if (type?.mime === 'application/pdf') return { mime: 'application/pdf', body: input }
  if (type && ['image/jpeg', 'image/png', 'image/webp'].includes(type.mime)) return cleanImage(input)
  throw unsupportedDocument()
}

export const unsupportedDocument = () =>
  new AppError('unsupported_media_type', 'Unsupported file type. Upload a PDF, PNG, JPEG or WebP file.', 415)

/**
 * A user's file name kept as metadata only (never a path): the last path segment, control characters and
 * quotes removed, at most 120 characters; `fallback` when nothing is left.
 */
export function sanitizeFileName(raw: string | undefined, fallback: string): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? ''
  // Control characters would break the Content-Disposition header; the rest are refused by common file systems.
  // eslint-disable-next-line no-control-regex
  const UNSAFE = /[\u0000-\u001f\u007f"<>|*?:]/g
  const clean = base.replace(UNSAFE, '').replace(/\s+/g, ' ').trim()
  const trimmed = clean.replace(/^\.+/, '').slice(0, 120).trim()
  return trimmed || fallback
}

/** Content-Disposition for a download (RFC 6266 / RFC 5987): an ASCII fallback and the UTF-8 name. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_')
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
