// When anything under these paths last changed: a build whose output is older than this is stale.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** The newest modification time (ms) of the path and, for a folder, of everything under it; 0 if absent. */
export function newestModification(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestModification(join(path, name))),
    stat.mtimeMs,
  )
}
