// An image's size from the first bytes of its file, before the rest has arrived: an upload is refused for its
// pixels while it streams in, instead of after it was buffered whole. Only the formats uploads accept.
import type { ImageMime } from './file-store'

export interface ImageSize {
  width: number
  height: number
}

/** The size; `undefined` while `head` is too short to say; `null` when the bytes are not that format's header. */
export type HeadSize = ImageSize | undefined | null

// Start-of-frame markers: C0–CF except DHT (C4), JPG (C8) and DAC (CC).
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc

/** Walks the JPEG markers to the first start of frame (EXIF and other segments before it are skipped). */
function jpegSize(b: Buffer): HeadSize {
  let at = 2
  while (at + 9 <= b.length) {
    if (b[at] !== 0xff) return null
    const marker = b[at + 1]!
    // Fill bytes, and markers that stand alone (no length): TEM, RST0–7, SOI.
    if (marker === 0xff) at += 1
    else if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) at += 2
    else if (isStartOfFrame(marker)) return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) }
    else at += 2 + b.readUInt16BE(at + 2)
  }
  return undefined
}

/** PNG: the IHDR chunk comes first, right after the 8-byte signature. */
function pngSize(b: Buffer): HeadSize {
  if (b.length < 24) return undefined
  if (b.toString('latin1', 12, 16) !== 'IHDR') return null
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) }
}

/** WebP: lossy (VP8), lossless (VP8L) or extended (VP8X, its canvas). */
function webpSize(b: Buffer): HeadSize {
  if (b.length < 30) return undefined
  const chunk = b.toString('latin1', 12, 16)
  if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff }
  if (chunk === 'VP8L')
    return {
      width: 1 + (b[21]! | ((b[22]! & 0x3f) << 8)),
      height: 1 + ((b[22]! >> 6) | (b[23]! << 2) | ((b[24]! & 0x0f) << 10)),
    }
  if (chunk === 'VP8X') return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) }
  return null
}

const READERS: Record<ImageMime, (head: Buffer) => HeadSize> = {
  'image/jpeg': jpegSize,
  'image/png': pngSize,
  'image/webp': webpSize,
}

/** The size its header declares, for an image whose type its magic bytes already gave. */
export const imageSizeOf = (head: Buffer, mime: ImageMime): HeadSize => READERS[mime](head)
