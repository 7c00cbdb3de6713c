// The repository's rooms and who may import whom, checked on every relative import (and re-export):
// - the PWA (src/) and the server (server/) never import each other; the local ledger (ledger-sim/) imports nothing
//   of ours, and the contract (api-contract/) imports only itself;
// - a feature (src/features/<name>/) never imports another feature: what two features share lives in components/,
//   lib/ or state/, and the router (src/app/routes.tsx) composes them;
// - a server module's service never imports another module's repository: it asks that module's service, or the
//   other module reacts to an event.
// Type-only imports of another module's row types are allowed: they couple nothing at run time.
import { dirname, relative, resolve, sep } from 'node:path'

const ROOT = resolve(import.meta.dirname, '..')

/** 'src/features/chat/ChatPage.tsx' → ['src', 'features', 'chat', 'ChatPage.tsx'] */
const partsOf = (file) => relative(ROOT, file).split(sep)

const TOP_LEVEL_RULES = {
  src: ['server', 'ledger-sim'],
  server: ['src'],
  'api-contract': ['src', 'server', 'ledger-sim'],
}

function violation(fromFile, toFile, typeOnly) {
  const from = partsOf(fromFile)
  const to = partsOf(toFile)
  if (to[0] === '..') return null
  if (from[0] === 'ledger-sim' && to[0] !== 'ledger-sim' && to[0] !== 'node_modules')
    return 'ledger-sim imports nothing of ours: it stands for a real Solana node'
  if (TOP_LEVEL_RULES[from[0]]?.includes(to[0])) return `${from[0]}/ never imports ${to[0]}/`
  if (
    from[0] === 'src' &&
    from[1] === 'features' &&
    to[0] === 'src' &&
    to[1] === 'features' &&
    from[2] !== to[2]
  )
    return `feature '${from[2]}' imports feature '${to[2]}': move what they share to components/, lib/ or state/`
  const isService = from[0] === 'server' && from[1] === 'modules' && /\.service\.ts$/.test(from.at(-1))
  const isRepository = to[0] === 'server' && to[1] === 'modules' && /\.repository(\.ts)?$/.test(to.at(-1))
  if (isService && isRepository && from[2] !== to[2] && !typeOnly)
    return `the ${from[2]} service imports the ${to[2]} repository: go through the ${to[2]} service`
  return null
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports stay inside the boundaries between rooms (docs/architecture.md).' },
    messages: { crossed: '{{why}}' },
    schema: [],
  },
  create(context) {
    const file = context.filename
    const check = (node, typeOnly) => {
      const spec = node.source?.value
      if (typeof spec !== 'string' || !spec.startsWith('.')) return
      const why = violation(file, resolve(dirname(file), spec), typeOnly)
      if (why) context.report({ node: node.source, messageId: 'crossed', data: { why } })
    }
    return {
      ImportDeclaration: (node) => check(node, node.importKind === 'type'),
      ExportNamedDeclaration: (node) => check(node, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.exportKind === 'type'),
      ImportExpression: (node) => check(node, false),
    }
  },
}

export default { rules: { boundaries: rule } }
