import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { diskStore } from './disk-store'
import { generatedName, isGeneratedName } from './file-store'
import { cleanImage } from './images'

let dir: string
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lifeline-store-'))
})
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true })
})

describe('diskStore', () => {
  it('writes, reads and removes a file under a generated name, leaving no partial file', async () => {
    const store = diskStore(path.join(dir, 'uploads'))
    const name = generatedName('image/png')
    expect(isGeneratedName(name)).toBe(true)
    await store.put(name, Buffer.from('bytes'))
    expect((await store.get(name))?.body.toString()).toBe('bytes')
    expect(await fs.readdir(path.join(dir, 'uploads'))).toEqual([name])
    await store.remove(name)
    expect(await store.get(name)).toBeUndefined()
    await store.remove(name)
  })

  it('refuses names the server did not generate', async () => {
    const store = diskStore(dir)
    await expect(store.put('../escape.png', Buffer.from('x'))).rejects.toThrow('refusing')
    expect(await store.get('../../etc/passwd')).toBeUndefined()
  })
})

describe('cleanImage', () => {
  it('drops EXIF metadata when re-encoding a JPEG', async () => {
    const withExif = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'white' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'GPS and camera serial live here' } })
      .toBuffer()
    expect((await sharp(withExif).metadata()).exif).toBeDefined()
    const clean = await cleanImage(withExif)
    expect(clean.mime).toBe('image/jpeg')
    expect((await sharp(clean.body).metadata()).exif).toBeUndefined()
  })

  it('refuses bytes that claim to be a PNG but do not decode', async () => {
    const fake = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64, 1)])
    await expect(cleanImage(fake)).rejects.toMatchObject({ status: 415 })
  })
})
