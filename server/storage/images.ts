// Uploaded images are decided by their bytes, never by their name or Content-Type: the magic
// bytes must say JPEG, PNG or WebP, and the image is then re-encoded, which drops EXIF and anything appended
// (a script after the PNG end marker, a polyglot) and proves the file really decodes.
// This file is the one image pipeline: size and pixel checks, the bounded queue, decode once, then each output.
import os from 'node:os'
import { fileTypeFromBuffer } from 'file-type'
import sharp, { type Sharp } from 'sharp'
import { AppError } from '../lib/errors'
import { MAX_UPLOAD_BYTES } from '../lib/product'
import { IMAGE_EXTENSIONS, type ImageMime } from './file-store'
import { encodeVariants, type ImageVariant } from './image-variants'
import { workQueue } from './work-queue'

export const MAX_IMAGE_BYTES = MAX_UPLOAD_BYTES
/** Pixel-flood guard (ASVS V5.2.6): a 5 MB PNG can decode to gigabytes. 16 MP is a 4,920 × 3,264 photo. */
export const MAX_IMAGE_PIXELS = 16_000_000
/** Stored images fit in this square: sharper than any screen shows a proof image, a fraction of a photo's bytes. */
export const MAX_STORED_EDGE = 2048

// One libvips thread per job and as many jobs as cores minus one: a job uses at most one core, and reads (files,
// the event loop) always have the rest. sharp's operation cache only costs memory for one-off images.
const CORES = os.availableParallelism()
sharp.concurrency(1)
sharp.cache(false)
export const imageQueue = workQueue({ concurrency: Math.max(1, CORES - 1), maxWaiting: 40 })

export interface CleanImage {
  mime: ImageMime
  body: Buffer
  /** WebP copies at the responsive widths (image-variants.ts), when asked for. */
  variants?: ImageVariant[]
}

export const fileTooLarge = () =>
  new AppError('payload_too_large', 'File too large. Maximum allowed size is 5MB.', 413)
const unsupported = () =>
  new AppError('unsupported_media_type', 'Unsupported file type. Upload JPEG, PNG or WebP images.', 415)
const tooManyPixels = () =>
  new AppError(
    'payload_too_large',
    `Image too large. Maximum ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
    413,
  )

function encode(pipeline: Sharp, mime: ImageMime): Promise<Buffer> {
  if (mime === 'image/jpeg') return pipeline.jpeg({ quality: 85, mozjpeg: false }).toBuffer()
  if (mime === 'image/png') return pipeline.png({ compressionLevel: 8 }).toBuffer()
  return pipeline.webp({ quality: 85 }).toBuffer()
}

/**
 * Checks and re-encodes one uploaded image, scaled to fit MAX_STORED_EDGE, plus its responsive copies when
 * `variants` is set (public proof images); throws 413 / 415 / 429 AppErrors.
 */
export async function cleanImage(input: Buffer, { variants = false } = {}): Promise<CleanImage> {
  if (input.length > MAX_IMAGE_BYTES) throw fileTooLarge()
  const type = await fileTypeFromBuffer(input)
  if (!type || !(type.mime in IMAGE_EXTENSIONS)) throw unsupported()
  const mime = type.mime as ImageMime
  // The header alone says how many pixels decoding would produce: refuse a flood before any pixel is decoded.
  const meta = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined)
  if (!meta?.width || !meta.height) throw unsupported()
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw tooManyPixels()
  return imageQueue.run(async () => {
    try {
      // rotate() applies the EXIF orientation before the metadata is dropped (sharp keeps none by default);
      // resizing in the same pipeline lets JPEG and WebP decode at a fraction of their size (shrink-on-load).
      const decoded = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate()
      const stored = decoded.clone().resize({
        width: MAX_STORED_EDGE,
        height: MAX_STORED_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      const body = await encode(stored, mime)
      if (body.length > MAX_IMAGE_BYTES) throw fileTooLarge()
      return variants ? { mime, body, variants: await encodeVariants(decoded) } : { mime, body }
    } catch (error) {
      if (error instanceof AppError) throw error
      // sharp could not decode it: the magic bytes lied, or the file is corrupt.
      throw unsupported()
    }
  })
}
