// The checks an upload passes while it streams in (issue 34, N2), so a refused file is refused at its first bytes
// instead of after the whole request was buffered: its type from its magic bytes, and for an image the pixels its
// header declares, per image (MAX_IMAGE_PIXELS) and for the whole request (MAX_REQUEST_PIXELS). What passes is still
// decoded and re-encoded whole afterwards (images.ts, documents.ts): these are the cheap checks, made first.
import { fileTypeFromBuffer } from 'file-type'
import { IMAGE_EXTENSIONS, type ImageMime } from './file-store'
import { imageSizeOf } from './image-header'
import { assertImagePixels, assertRequestPixels, unsupportedImage } from './images'
import { unsupportedDocument } from './documents'

/** What a form's files may be: images (JPEG, PNG, WebP), or documents (those and PDF). */
export type Accepted = 'images' | 'documents'

/** file-type reads at most this much of a file; a first chunk is usually longer (busboy hands 64 KB). */
const TYPE_BYTES = 4100
/** Past this many bytes an image's header is looked for only once the file is complete (a JPEG may carry large
 * segments before its frame); the file is then at most MAX_IMAGE_BYTES. */
const HEAD_LIMIT = 512 * 1024

/** One request's checks; `file()` for each file part, in order. */
export function uploadCheck(accepted: Accepted) {
  let pixels = 0
  const unsupported = accepted === 'images' ? unsupportedImage : unsupportedDocument
  return {
    file() {
      let mime: ImageMime | 'application/pdf' | undefined
      /**
       * The file so far (`complete` once it is all there): true once it passed, false while more bytes are needed;
       * throws 415 or 413 at the first refusal.
       */
      return async (head: Buffer, complete: boolean): Promise<boolean> => {
        if (head.length === 0) return complete
        if (!complete && (head.length < TYPE_BYTES || (head.length > HEAD_LIMIT && mime))) return false
        const type = (mime ??= await typeOf(head, accepted))
        if (!type) throw unsupported()
        if (type === 'application/pdf') return true
        const size = imageSizeOf(head, type)
        if (size === null || (size === undefined && complete)) throw unsupported()
        if (size === undefined) return false
        assertImagePixels(size)
        assertRequestPixels((pixels += size.width * size.height))
        return true
      }
    },
  }
}

async function typeOf(head: Buffer, accepted: Accepted): Promise<ImageMime | 'application/pdf' | undefined> {
  const mime = (await fileTypeFromBuffer(head))?.mime
  if (mime === 'application/pdf' && accepted === 'documents') return mime
  return mime && mime in IMAGE_EXTENSIONS ? (mime as ImageMime) : undefined
}
