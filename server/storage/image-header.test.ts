import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { imageSizeOf } from './image-header'

const canvas = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 10, g: 120, b: 200, alpha: 0.5 } } })

describe('imageSizeOf', () => {
  it.each([
    [
      'a JPEG with 60 KB of EXIF before its frame',
      'image/jpeg',
      () =>
        canvas(1234, 567)
          .jpeg()
          .withExif({ IFD0: { ImageDescription: 'x'.repeat(60_000) } })
          .toBuffer(),
    ],
    ['a progressive JPEG', 'image/jpeg', () => canvas(801, 333).jpeg({ progressive: true }).toBuffer()],
    ['a PNG', 'image/png', () => canvas(4000, 3, 4).png().toBuffer()],
    ['a lossy WebP', 'image/webp', () => canvas(1001, 999).webp({ quality: 50 }).toBuffer()],
    ['a lossless WebP', 'image/webp', () => canvas(16383, 2).webp({ lossless: true }).toBuffer()],
    ['a WebP with alpha (extended)', 'image/webp', () => canvas(640, 480, 4).webp().toBuffer()],
  ] as const)('reads the size of %s as sharp does, from its head', async (_, mime, make) => {
    const file = await make()
    const { width, height } = await sharp(file).metadata()
    expect(imageSizeOf(file.subarray(0, 64 * 1024), mime)).toEqual({ width, height })
    expect(imageSizeOf(file.subarray(0, 20), mime)).toBeUndefined()
  })

  it('says null for bytes that are not the header of the format', () => {
    const pngSignature = Buffer.from('89504e470d0a1a0a', 'hex')
    expect(imageSizeOf(Buffer.concat([pngSignature, Buffer.alloc(24, 0x41)]), 'image/png')).toBeNull()
    expect(
      imageSizeOf(Buffer.concat([Buffer.from('ffd8', 'hex'), Buffer.alloc(40, 1)]), 'image/jpeg'),
    ).toBeNull()
    expect(
      imageSizeOf(Buffer.from('RIFF\0\0\0\0WEBPVP8Z' + 'x'.repeat(30), 'latin1'), 'image/webp'),
    ).toBeNull()
  })
})
