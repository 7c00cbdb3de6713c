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

/** One file's checks: each chunk as it arrives, then the whole file; both throw 415 or 413 at the first refusal. */
export interface FileCheck {
  chunk(bytes: Buffer): Promise<void>
  end(file: Buffer): Promise<void>
}

/** One request's checks; `file()` for each file part, in order. */
export function uploadCheck(accepted: Accepted) {
  let pixels = 0
  const unsupported = accepted === 'images' ? unsupportedImage : unsupportedDocument

  /** Whether the file passed, from its first bytes (`complete` once it is all there); false while more are needed. */
  async function verdict(state: { mime?: ImageMime | 'application/pdf' }, head: Buffer, complete: boolean) {
    if (head.length === 0) return complete
    if (!complete && head.length < TYPE_BYTES) return false
    const type = (state.mime ??= await typeOf(head, accepted))
    if (!type) throw unsupported()
    if (type === 'application/pdf') return true
    const size = imageSizeOf(head, type)
    if (size === null || (size === undefined && complete)) throw unsupported()
    if (size === undefined) return false
    assertImagePixels(size)
    assertRequestPixels((pixels += size.width * size.height))
    return true
  }

  return {
    file(): FileCheck {
      const state: { mime?: ImageMime | 'application/pdf' } = {}
      const head: Buffer[] = []
      let headBytes = 0
      let passed = false
      return {
        // The head is kept (a copy of at most HEAD_LIMIT and a chunk) and looked at again as it grows.
        async chunk(bytes) {
          if (passed || headBytes > HEAD_LIMIT) return
          head.push(bytes)
          headBytes += bytes.length
          passed = await verdict(state, head.length === 1 ? bytes : Buffer.concat(head, headBytes), false)
        },
        async end(file) {
          if (!passed) await verdict(state, file, true)
        },
      }
    },
  }
}

async function typeOf(head: Buffer, accepted: Accepted): Promise<ImageMime | 'application/pdf' | undefined> {
  const mime = (await fileTypeFromBuffer(head))?.mime
  if (mime === 'application/pdf' && accepted === 'documents') return mime
  return mime && mime in IMAGE_EXTENSIONS ? (mime as ImageMime) : undefined
}
