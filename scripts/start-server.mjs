// `npm start`: the server from its precompiled bundle (scripts/server-bundle.mjs, rebuilt here first when a source
// changed), or from its TypeScript sources through tsx when no bundle can be built.
import { pathToFileURL } from 'node:url'
import { freshServerBundle } from './server-bundle.mjs'

const bundle = await freshServerBundle()
if (bundle) {
  // Stack traces name the TypeScript sources, not the bundle's lines.
  process.setSourceMapsEnabled(true)
  await import(pathToFileURL(bundle).href)
} else {
  const { register } = await import('tsx/esm/api')
  register()
  await import('../server/main.ts')
}
