// Responsive proof images: beside each stored proof image, WebP copies at a few widths, so a phone downloads a
// picture sized for its screen (srcset/sizes in the PWA) instead of the stored original (up to 2048 px).
// A copy is named after its original (`<uuid>.jpg` → `<uuid>-w480.webp`): no table column, and removing an
// image removes its copies by name. Images stored before copies existed get theirs on first request.
import sharp, { type Sharp } from 'sharp'
import { type FileStore, IMAGE_EXTENSIONS } from './file-store'

/** Card (≈ 360 CSS px at 1×); a phone's full width at 1.75–2× (a 412 px Android phone at 1.75 needs 721 px:
 * without a 768 copy it took the 960, about 1.7× the bytes, for the image that is its LCP); at 2.5–3×; the
 * donate page's carousel on desktop. */
export const PROOF_IMAGE_WIDTHS = [480, 768, 960, 1440] as const
export type ProofImageWidth = (typeof PROOF_IMAGE_WIDTHS)[number]

export interface ImageVariant {
  width: ProofImageWidth
  body: Buffer
}

const STEM = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(jpg|png|webp)$/
const VARIANT = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-w(\d+)\.webp$/

export function variantName(fileName: string, width: ProofImageWidth): string | null {
  const stem = STEM.exec(fileName)?.[1]
  return stem ? `${stem}-w${width}.webp` : null
}

/** The copies' names of stored images (to remove them with their originals). */
export const variantNames = (fileNames: string[]): string[] =>
  fileNames.flatMap((name) =>
    PROOF_IMAGE_WIDTHS.map((width) => variantName(name, width)).filter((v): v is string => v !== null),
  )

/** A copy's name parsed: its original's stem and its width; null for anything else (a width we do not make). */
export function parseVariantName(name: string): { stem: string; width: ProofImageWidth } | null {
  const match = VARIANT.exec(name)
  const width = Number(match?.[2]) as ProofImageWidth
  return match && PROOF_IMAGE_WIDTHS.includes(width) ? { stem: match[1]!, width } : null
}

/** One copy: `width` wide at most (never enlarged: a small original gives copies of its own size). */
export const encodeVariant = (decoded: Sharp, width: ProofImageWidth): Promise<Buffer> =>
  decoded.resize({ width, withoutEnlargement: true }).webp({ quality: 72, effort: 4 }).toBuffer()

/** Every width, from one decoded pipeline. */
export const encodeVariants = (decoded: Sharp): Promise<ImageVariant[]> =>
  Promise.all(
    PROOF_IMAGE_WIDTHS.map(async (width) => ({ width, body: await encodeVariant(decoded.clone(), width) })),
  )

/**
 * The copy `name` from the store, made from its original when missing (images uploaded before copies existed).
 * Undefined when the name is not a copy's or its original is gone. The original already passed the upload
 * checks (it decodes within the pixel cap); `run` is the image queue.
 */
export async function storedVariant(
  store: FileStore,
  name: string,
  run: <T>(job: () => Promise<T>) => Promise<T>,
): Promise<Buffer | undefined> {
  const parsed = parseVariantName(name)
  if (!parsed) return undefined
  const existing = await store.get(name)
  if (existing) return existing.body
  for (const ext of Object.values(IMAGE_EXTENSIONS)) {
    const original = await store.get(`${parsed.stem}.${ext}`)
    if (!original) continue
    const body = await run(() => encodeVariant(sharp(original.body), parsed.width))
    await store.put(name, body)
    return body
  }
  return undefined
}
