// Fewer, larger files for the public pages' first screen (issue 10: LCP). Left to itself the bundler splits the
// code into a chunk per set of importers: `/donate/{id}` asked for 36 files of 1–4 KB, `/explore` for 24. Lighthouse's
// slow-4G simulation (and a real phone on HTTP/1.1, six connections) pays about a round trip per file, and its LCP
// takes every request that started before the paint. These groups put the first screens' code in a few files:
// - `app`: everything the app (src/first-screen/start-app.tsx, which the entry boot.ts imports after the first
//   paint) loads statically, in one file, except what the entry itself needs (Vite's preload helper), which stays
//   in the entry;
// - `public`: what two or more public pages load statically, in one file;
// - one file per public page: what only that page loads statically.
// A module that a private page also imports stays where the public pages need it (that page loads the file too).
// The page and loader modules themselves stay chunks of their own (the prerender finds each page's files by its
// modules). What a page loads lazily (a sheet's motion code, the QR panel) is in none of these groups.
import { resolve } from 'node:path'
import type { Plugin } from 'vite'
import { PUBLIC_PAGES, type PublicPage } from '../src/first-screen/public-pages'

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null
}

/** The modules `roots` load statically, roots included. */
function staticClosure(graph: ModuleGraph, roots: string[], skip = new Set<string>()): Set<string> {
  const seen = new Set<string>()
  const walk = (id: string) => {
    if (seen.has(id) || skip.has(id)) return
    const info = graph.getModuleInfo(id)
    if (!info) return
    seen.add(id)
    info.importedIds.forEach(walk)
  }
  roots.forEach(walk)
  return seen
}

/** Vite's helper behind every dynamic import (it preloads the imported chunk's own imports and CSS). */
const PRELOAD_HELPER = '\0vite/preload-helper.js'

/** Which group each module belongs to: computed once per chunking pass (the graph objects are the pass's own). */
function grouping(root: string) {
  const entry = resolve(root, 'src/first-screen/start-app.tsx')
  const boot = resolve(root, 'src/first-screen/boot.ts')
  const modulesOf = ({ page, loader }: PublicPage) => [page, loader].map((file) => resolve(root, file))
  const pageModules = new Set(Object.values(PUBLIC_PAGES).flatMap(modulesOf))
  let graphOf: unknown
  let groups = new Map<string, string>()
  return (id: string, graph: ModuleGraph): string | null => {
    const marker = graph.getModuleInfo(entry)
    if (marker !== graphOf) {
      graphOf = marker
      groups = new Map()
      // The entry's own code and the preload helper its import of the app goes through: the first file asked for.
      const started = staticClosure(graph, [boot, PRELOAD_HELPER])
      started.forEach((module) => groups.set(module, 'boot'))
      const app = staticClosure(graph, [entry], started)
      app.forEach((module) => groups.set(module, 'app'))
      const loaded = new Set([...started, ...app])
      const pagesOf = new Map<string, string[]>()
      for (const [name, page] of Object.entries(PUBLIC_PAGES))
        staticClosure(graph, modulesOf(page), loaded).forEach((module) =>
          pagesOf.set(module, [...(pagesOf.get(module) ?? []), name]),
        )
      for (const [module, pages] of pagesOf)
        if (!pageModules.has(module)) groups.set(module, pages.length > 1 ? 'public' : pages[0]!)
    }
    return groups.get(id) ?? null
  }
}

/** The Vite plugin setting the groups (build only). */
export function firstScreenChunks(): Plugin {
  return {
    name: 'lifeline-first-screen-chunks',
    apply: 'build',
    config: (config) => {
      const groupOf = grouping(resolve(config.root ?? process.cwd()))
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                // The groups follow the import graph (a page group only imports the public and app groups), so no
                // group needs another group's modules pulled in.
                includeDependenciesRecursively: false,
                groups: [{ name: (id, graph) => groupOf(id, graph) }],
              },
            },
          },
        },
      }
    },
  }
}
