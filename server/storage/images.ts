// Uploaded images are decided by their bytes, never by their name or Content-Type (reference §2.4): the magic
// bytes must say JPEG, PNG or WebP, and the image is then re-encoded, which drops EXIF and anything appended
// (a script after the PNG end marker, a polyglot) and proves the file really decodes.
import { fileTypeFromBuffer } from 'file-type'
import sharp, { type Sharp } from 'sharp'
import { AppError } from '../lib/errors'
import { IMAGE_EXTENSIONS, type ImageMime } from './file-store'

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024
/** Pixel-flood guard (ASVS V5.2.6): a 5 MB PNG can decode to gigabytes. */
export const MAX_IMAGE_PIXELS = 40_000_000

export interface CleanImage {
  mime: ImageMime
  body: Buffer
}

export const fileTooLarge = () =>
  new AppError('payload_too_large', 'File too large. Maximum allowed size is 5MB.', 413)
const unsupported = () =>
  new AppError('unsupported_media_type', 'Unsupported file type. Upload JPEG, PNG or WebP images.', 415)

/** Checks and re-encodes one uploaded image; throws 413 / 415 AppErrors. */
export async function cleanImage(input: Buffer): Promise<CleanImage> {
  if (input.length > MAX_IMAGE_BYTES) throw fileTooLarge()
  const type = await fileTypeFromBuffer(input)
  if (!type || !(type.mime in IMAGE_EXTENSIONS)) throw unsupported()
  const mime = type.mime as ImageMime
  let pipeline: Sharp
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata()
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_IMAGE_PIXELS) {
      throw new AppError(
        'payload_too_large',
        `Image too large. Maximum ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
        413,
      )
    }
    // rotate() applies the EXIF orientation before the metadata is dropped (sharp keeps none by default).
    pipeline = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate()
    if (mime === 'image/jpeg') pipeline = pipeline.jpeg({ quality: 85 })
    else if (mime === 'image/png') pipeline = pipeline.png({ compressionLevel: 8 })
    else pipeline = pipeline.webp({ quality: 85 })
    const body = await pipeline.toBuffer()
    if (body.length > MAX_IMAGE_BYTES) throw fileTooLarge()
    return { mime, body }
  } catch (error) {
    if (error instanceof AppError) throw error
    // sharp could not decode it: the magic bytes lied, or the file is corrupt.
    throw unsupported()
  }
}
