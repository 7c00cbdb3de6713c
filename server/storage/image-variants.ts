// A proof image's copies, made at upload beside the stored image from the same decoded pixels:
// - responsive WebP copies at a few widths, so a phone downloads a picture sized for its screen (srcset/sizes in the
//   PWA) instead of the stored original (up to 2048 px);
// - share images: a 1200 × 630 link card (X and Open Graph want about 2:1, and no SVG) and a 600 × 600 square (the
//   Action's icon: blink clients and wallets show a square PNG or WebP), cropped to what draws the eye.
// A copy is named after its original (`<uuid>.jpg` → `<uuid>-w480.webp`, `<uuid>-card.webp`): no table column, and
// removing an image removes its copies by name. Images stored before a copy existed get it on first request.
import sharp, { type Sharp } from 'sharp'
import { type FileStore, IMAGE_EXTENSIONS } from './file-store'
import type { ImageSize } from './image-header'

/** Card (≈ 360 CSS px at 1×); a phone's full width at 1.75–2× (a 412 px Android phone at 1.75 needs 721 px:
 * without a 768 copy it took the 960, about 1.7× the bytes, for the image that is its LCP); at 2.5–3×; the
 * donate page's carousel on desktop. */
export const PROOF_IMAGE_WIDTHS = [480, 768, 960, 1440] as const
export type ProofImageWidth = (typeof PROOF_IMAGE_WIDTHS)[number]

export const SHARE_SHAPES = {
  card: { width: 1200, height: 630 },
  square: { width: 600, height: 600 },
} as const
export type ShareShape = keyof typeof SHARE_SHAPES

/** Which copy: a responsive width, or a share shape. */
export type VariantKind = ProofImageWidth | ShareShape
const KINDS: readonly VariantKind[] = [...PROOF_IMAGE_WIDTHS, 'card', 'square']

export interface ImageVariant {
  kind: VariantKind
  body: Buffer
}

const STEM = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(jpg|png|webp)$/
const VARIANT = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-(w\d+|card|square)\.webp$/

const suffix = (kind: VariantKind) => (typeof kind === 'number' ? `w${kind}` : kind)

export function variantName(fileName: string, kind: VariantKind): string | null {
  const stem = STEM.exec(fileName)?.[1]
  return stem ? `${stem}-${suffix(kind)}.webp` : null
}

/** Every copy's name of stored images (to remove them with their originals). */
export const variantNames = (fileNames: string[]): string[] =>
  fileNames.flatMap((name) =>
    KINDS.map((kind) => variantName(name, kind)).filter((v): v is string => v !== null),
  )

/** A copy's name parsed: its original's stem and its kind; null for anything else (a width we do not make). */
export function parseVariantName(name: string): { stem: string; kind: VariantKind } | null {
  const match = VARIANT.exec(name)
  const kind = KINDS.find((k) => suffix(k) === match?.[2])
  return match && kind !== undefined ? { stem: match[1]!, kind } : null
}

/**
 * One copy from decoded pixels of `size`: a width at most `kind` wide (never enlarged), or a share shape at its size
 * (link cards want at least that). A source smaller than the shape is enlarged with its centre kept and the fastest
 * encoding: there is no detail to look for or to keep, and attention on an enlarged picture cost 5× more.
 */
export function encodeVariant(pixels: Sharp, kind: VariantKind, size: ImageSize): Promise<Buffer> {
  if (typeof kind === 'number')
    return pixels
      .resize({ width: kind, withoutEnlargement: true })
      .webp({ quality: 72, effort: 4 })
      .toBuffer()
  const { width, height } = SHARE_SHAPES[kind]
  const enlarged = width > size.width || height > size.height
  return pixels
    .resize(width, height, { fit: 'cover', position: enlarged ? 'centre' : sharp.strategy.attention })
    .webp({ quality: 80, effort: enlarged ? 0 : 4 })
    .toBuffer()
}

/** Every copy, one after the other (one libvips thread per image job: images.ts), from decoded pixels of `size`. */
export async function encodeVariants(pixels: () => Sharp, size: ImageSize): Promise<ImageVariant[]> {
  const out: ImageVariant[] = []
  for (const kind of KINDS) out.push({ kind, body: await encodeVariant(pixels(), kind, size) })
  return out
}

/**
 * The copy `name` from the store, made from its original when missing (images uploaded before the copy existed)
 * and kept. Undefined when the name is not a copy's or its original is gone. The original already passed the upload
 * checks (it decodes within the pixel cap); `render` runs the work (the image queue, behind a per-client limit).
 */
export async function storedVariant(
  store: FileStore,
  name: string,
  render: <T>(job: () => Promise<T>) => Promise<T>,
): Promise<Buffer | undefined> {
  const parsed = parseVariantName(name)
  if (!parsed) return undefined
  const existing = await store.get(name)
  if (existing) return existing.body
  for (const ext of Object.values(IMAGE_EXTENSIONS)) {
    const original = await store.get(`${parsed.stem}.${ext}`)
    if (!original) continue
    const body = await render(async () => {
      const image = sharp(original.body)
      const { width = 1, height = 1 } = await image.metadata()
      return encodeVariant(image, parsed.kind, { width, height })
    })
    await store.put(name, body)
    return body
  }
  return undefined
}
