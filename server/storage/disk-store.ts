// FileStore on the local disk: one flat folder, files written to a temporary name and renamed into place, so a
// reader never sees half a file.
import fs from 'node:fs/promises'
import path from 'node:path'
import { type FileStore, isGeneratedName } from './file-store'

export function diskStore(dir: string): FileStore {
  let ready: Promise<unknown> | undefined
  const fileOf = (name: string) => {
    if (!isGeneratedName(name)) throw new Error(`refusing a file name the server did not generate: ${name}`)
    return path.join(dir, name)
  }
  return {
    async put(name, body) {
      ready ??= fs.mkdir(dir, { recursive: true, mode: 0o750 })
      await ready
      const file = fileOf(name)
      const partial = `${file}.partial`
      try {
        await fs.writeFile(partial, body, { mode: 0o640, flag: 'wx' })
        await fs.rename(partial, file)
      } catch (error) {
        await fs.rm(partial, { force: true })
        throw error
      }
    },
    async get(name) {
      if (!isGeneratedName(name)) return undefined
      try {
        const body = await fs.readFile(path.join(dir, name))
        return { body, size: body.length }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
    },
    async remove(name) {
      await fs.rm(fileOf(name), { force: true })
    },
  }
}
