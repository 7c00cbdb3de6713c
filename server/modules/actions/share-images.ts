// Share images: a proof image re-rendered as WebP in the two shapes link cards use (X and Open Graph want about
// 2:1 and no SVG; blink clients and wallets show a square icon, PNG or WebP only).
import sharp from 'sharp'
import { MAX_IMAGE_PIXELS } from '../../storage/images'

export const SHARE_SHAPES = {
  card: { width: 1200, height: 630 },
  square: { width: 600, height: 600 },
} as const
export type ShareShape = keyof typeof SHARE_SHAPES

/** Absolute URL of an emergency's share image, or the app icon when it has no proof image. */
export function shareImageUrl(publicUrl: string, fileName: string | null, shape: ShareShape): string {
  if (!fileName) return `${publicUrl}/icons/icon-512.png`
  return `${publicUrl}/api/share-images/${fileName}/${shape}.webp`
}

/** Renders `source` in the shape, cropping to what draws the eye. */
export function renderShareImage(source: Buffer, shape: ShareShape): Promise<Buffer> {
  const { width, height } = SHARE_SHAPES[shape]
  return sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS })
    .resize(width, height, { fit: 'cover', position: sharp.strategy.attention })
    .webp({ quality: 80 })
    .toBuffer()
}

/** A small least-recently-used memory of rendered images (a preview is fetched by many crawlers at once). */
export function lruCache<V>(max: number) {
  const entries = new Map<string, V>()
  return {
    get(key: string): V | undefined {
      const value = entries.get(key)
      if (value !== undefined) {
        entries.delete(key)
        entries.set(key, value)
      }
      return value
    },
    set(key: string, value: V): void {
      entries.delete(key)
      entries.set(key, value)
      if (entries.size > max) entries.delete(entries.keys().next().value!)
    },
    clear: () => entries.clear(),
  }
}
