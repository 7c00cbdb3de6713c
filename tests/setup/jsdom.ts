import { afterEach, beforeEach } from 'vitest'
// jsdom gives the test realm its own Uint8Array, so Buffer (a Node Uint8Array) fails `instanceof` checks inside
// @solana/web3.js. Point the global at Node's class.
globalThis.Uint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor

// jsdom lays nothing out, so it has no scrolling: the router's scroll restoration and the pages that scroll to
// the top get a no-op instead of jsdom's "Not implemented" error.
// (A file may run in Node instead: `// @vitest-environment node`, e.g. the server's render.)
if (typeof window !== 'undefined') {
  window.scrollTo = () => undefined
  // jsdom has no media queries either: every query is unmatched (a wide screen, no reduced motion).
  window.matchMedia ??= (media: string) =>
    ({
      matches: false,
      media,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList
}

// The motion parts (framer-motion) arrive in idle time once a sheet or toast has mounted. Imported here first, their
// later import is answered at once, so a file never ends with it on its way (vitest refuses imports after teardown).
await import('../../src/components/motion/motion-parts')

// An unexpected console.error fails the test (CONVENTIONS.md): React reports hydration mismatches, updates outside
// act() and key warnings there. A test that expects one says so by mocking console.error itself
// (vi.spyOn(console, 'error').mockImplementation(…)), which replaces this watch for that test.
const consoleError = console.error
let reported: unknown[][] = []
beforeEach(() => {
  reported = []
  console.error = (...args: unknown[]) => {
    reported.push(args)
    consoleError(...args)
  }
})
afterEach(() => {
  const errors = reported
  console.error = consoleError
  if (errors.length > 0)
    throw new Error(
      `console.error was called:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`,
    )
})
