// Uploaded images are decided by their bytes, never by their name or Content-Type: the magic
// bytes must say JPEG, PNG or WebP, and the image is then re-encoded, which drops EXIF and anything appended
// (a script after the PNG end marker, a polyglot) and proves the file really decodes.
// This file is the one image pipeline: size and pixel checks, the bounded queue, decode once, then each output.
// Decoding is most of an image's cost (a 16 MP WebP: about 1 s of CPU here), so it happens once per image: the
// pixels, oriented and fitted to MAX_STORED_EDGE, are kept raw and every output is encoded from them (the stored
// copy, then the responsive copies and the share images of a proof image).
import os from 'node:os'
import { fileTypeFromBuffer } from 'file-type'
import sharp, { type Sharp } from 'sharp'
import { AppError } from '../lib/errors'
import { MAX_UPLOAD_BYTES } from '../lib/product'
import { IMAGE_EXTENSIONS, type ImageMime } from './file-store'
import { encodeVariants, type ImageVariant } from './image-variants'
import type { ImageSize } from './image-header'
import { workQueue } from './work-queue'

export const MAX_IMAGE_BYTES = MAX_UPLOAD_BYTES
/** Pixel-flood guard (ASVS V5.2.6): a 5 MB PNG can decode to gigabytes. 16 MP is a 4,920 × 3,264 photo. */
export const MAX_IMAGE_PIXELS = 16_000_000
/**
 * The pixels one request may bring, in all (issue 34, N4): ten 12.8 MP images, so ten photos from a 12 MP phone
 * camera fit, and eight at the per-image cap. Counted from the headers as the files arrive (server/lib/multipart.ts).
 */
export const MAX_REQUEST_PIXELS = 128_000_000
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
  /** the responsive copies and share images (image-variants.ts), when asked for */
  variants?: ImageVariant[]
}

export const fileTooLarge = () =>
  new AppError('payload_too_large', 'File too large. Maximum allowed size is 5MB.', 413)
export const unsupportedImage = () =>
  new AppError('unsupported_media_type', 'Unsupported file type. Upload JPEG, PNG or WebP images.', 415)
/** 413 when one image's header declares more than MAX_IMAGE_PIXELS. */
export function assertImagePixels({ width, height }: ImageSize): void {
  if (width * height > MAX_IMAGE_PIXELS)
    throw new AppError(
      'payload_too_large',
      `Image too large. Maximum ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
      413,
    )
}

/** 413 when the request's images declare more than MAX_REQUEST_PIXELS in all. */
export function assertRequestPixels(pixels: number): void {
  if (pixels > MAX_REQUEST_PIXELS)
    throw new AppError(
      'payload_too_large',
      `Images too large together. At most ${MAX_REQUEST_PIXELS / 1_000_000} megapixels per upload.`,
      413,
    )
}

function encode(pipeline: Sharp, mime: ImageMime): Promise<Buffer> {
  if (mime === 'image/jpeg') return pipeline.jpeg({ quality: 85, mozjpeg: false }).toBuffer()
  if (mime === 'image/png') return pipeline.png({ compressionLevel: 8 }).toBuffer()
  return pipeline.webp({ quality: 85 }).toBuffer()
}

interface Pixels {
  data: Buffer
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 }
}

/** The one decode: EXIF orientation applied (the metadata is then dropped: sharp keeps none by default), fitted in
 * MAX_STORED_EDGE (JPEG and WebP decode at a fraction of their size: shrink-on-load), 8 bits per channel. */
async function decode(input: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: MAX_STORED_EDGE, height: MAX_STORED_EDGE, fit: 'inside', withoutEnlargement: true })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true })
  return { data, info: { width: info.width, height: info.height, channels: info.channels } }
}

const fromPixels =
  ({ data, info }: Pixels) =>
  () =>
    sharp(data, { raw: info })

/**
 * Checks and re-encodes one uploaded image, scaled to fit MAX_STORED_EDGE, plus its copies when `variants` is set
 * (public proof images: responsive widths and share images); throws 413 / 415 / 429 AppErrors.
 */
export async function cleanImage(input: Buffer, { variants = false } = {}): Promise<CleanImage> {
  if (input.length > MAX_IMAGE_BYTES) throw fileTooLarge()
  const type = await fileTypeFromBuffer(input)
  if (!type || !(type.mime in IMAGE_EXTENSIONS)) throw unsupportedImage()
  const mime = type.mime as ImageMime
  // The header alone says how many pixels decoding would produce: refuse a flood before any pixel is decoded.
  const meta = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined)
  if (!meta?.width || !meta.height) throw unsupportedImage()
  assertImagePixels({ width: meta.width, height: meta.height })
  return imageQueue.run(async () => {
    let pixels: Pixels
    try {
      pixels = await decode(input)
    } catch {
      // sharp could not decode it: the magic bytes lied, or the file is corrupt.
      throw unsupportedImage()
    }
    const source = fromPixels(pixels)
    const body = await encode(source(), mime)
    if (body.length > MAX_IMAGE_BYTES) throw fileTooLarge()
    return variants ? { mime, body, variants: await encodeVariants(source, pixels.info) } : { mime, body }
  })
}
