// Serving the PWA (apart from the API's own plugins): its built files and its pages. Returns the not-found handler
// to use (pages for navigations, `fallback` for the rest), or undefined when there is no build (dist/index.html).
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { pagesHandler } from './pages'
import { registerStaticFiles } from './static-files'

export async function registerWeb(app: FastifyInstance, distDir: string) {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) return undefined
  await registerStaticFiles(app, distDir)
  return pagesHandler(app, distDir)
}
