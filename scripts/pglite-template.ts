// npm install's postinstall: builds the PGlite template that a fresh data directory starts from
// (server/db/pglite-template.ts), so even the first `npm start` skips initdb. Never fails the install: without
// a template, a fresh data directory is initialised at start, as before.
import { ensurePgliteTemplate } from '../server/db/pglite-template'

const started = Date.now()
const template = await ensurePgliteTemplate()
console.log(
  template
    ? `Embedded database template ready (${Date.now() - started} ms): ${template}`
    : 'Embedded database template not built; a fresh data directory will be initialised at start.',
)
