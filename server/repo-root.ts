// The repository's root folder, for the files the server reads beside its code (migrations, the built PWA, the
// PGlite template's cache). Found by walking up to package.json rather than by a fixed number of `..`, because
// `npm start` runs the server from one precompiled file elsewhere in the tree (scripts/server-bundle.mjs).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`)
  }
}

export const REPO_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)))
