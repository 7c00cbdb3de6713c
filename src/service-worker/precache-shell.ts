// The service worker's precache, cut to the shell (a build step, run by vite-plugin-pwa in Node): index.html, the
// manifest, the icons, the shell's chunks and the public pages' own chunks and CSS (listed by the build's
// prerender step from Vite's manifest, scripts/prerender.ts), so the shell and the public screens open offline
// after one visit. Everything else (the wallet stack, signed-in and admin screens) is cached as it is used. Read
// from the build, so it follows the build by itself.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ManifestTransform } from 'workbox-build'

/** Where the prerender step lists the shell's files and the public pages' own files, in the build. */
export const SHELL_ASSETS = '.vite/shell-assets.json'

const KEPT_ALWAYS = /^(index\.html|manifest\.webmanifest|icons\/.+)$/

export function shellOnly(outDir: () => string): ManifestTransform {
  return async (entries) => {
    const shell = new Set(JSON.parse(readFileSync(join(outDir(), SHELL_ASSETS), 'utf8')) as string[])
    const manifest = entries.filter((entry) => KEPT_ALWAYS.test(entry.url) || shell.has(entry.url))
    return { manifest, warnings: [] }
  }
}
