// Share images: a proof image as the link card and the Action icon (made at upload: server/storage/image-variants.ts).
import type { ShareShape } from '../../storage/image-variants'

/** Absolute URL of an emergency's share image, or the app icon when it has no proof image. */
export function shareImageUrl(publicUrl: string, fileName: string | null, shape: ShareShape): string {
  if (!fileName) return `${publicUrl}/icons/icon-512.png`
  return `${publicUrl}/api/share-images/${fileName}/${shape}.webp`
}
