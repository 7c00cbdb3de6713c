// The service worker's precache, cut to the shell: index.html, the manifest, the icons, the shell's chunks and
// the public pages' own chunks and CSS (listed by the prerender step from Vite's manifest), so the shell and the
// public screens open offline after one visit. Everything else (the wallet stack, signed-in and admin screens)
// is cached as it is used. Read from the build, so it follows the build by itself.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ManifestTransform } from 'workbox-build'
import { SHELL_ASSETS } from './prerender'

const KEPT_ALWAYS = /^(index\.html|manifest\.webmanifest|icons\/.+)$/

export function shellOnly(outDir: () => string): ManifestTransform {
  return async (entries) => {
    const shell = new Set(JSON.parse(readFileSync(join(outDir(), SHELL_ASSETS), 'utf8')) as string[])
    const manifest = entries.filter((entry) => KEPT_ALWAYS.test(entry.url) || shell.has(entry.url))
    return { manifest, warnings: [] }
  }
}
