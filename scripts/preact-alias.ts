// The PWA ships Preact in place of React (issue 10: React DOM alone was ≈ 58 KB of the first screen's ≈ 100 KB on
// the wire; Preact with its React compatibility layer is ≈ 5 KB and renders the first screen with less work).
// The code is written against React's API; these aliases point every import of React, in the app and in its
// dependencies (jotai, the wallet adapter), at preact/compat. Used by the client build and by the prerender build
// (scripts/prerender.ts), so the HTML and the app come from the same renderer.
// The unit tests (vitest.config.ts, jsdom) still render with React; the e2e suite runs this build.
import type { Alias } from 'vite'

export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
]
