// Test helpers: the default jotai store reset between tests, a fake wallet bridge that signs with a real
// Ed25519 key, a fetch stub answering by "METHOD /path", and a memory router with the toaster.
import { VersionedTransaction } from '@solana/web3.js'
import { cleanup, render } from '@testing-library/react'
import bs58 from 'bs58'
import { getDefaultStore } from 'jotai'
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router-dom'
import nacl from 'tweetnacl'
import { afterEach, vi } from 'vitest'
import { HydrateFallback } from '../app/RouteError'
import { Toaster } from '../app/shell/Toaster'
import { authStatusAtom, resetAuthAtom } from '../state/auth.atoms'
import { toastsAtom } from '../state/toast.atoms'
import {
  walletBridgeAtom,
  walletEventAtom,
  walletStackRequestedAtom,
  type WalletBridge,
} from '../state/wallet.atoms'

export const store = getDefaultStore()

// The unit project runs without vitest globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup)

export function resetApp() {
  localStorage.clear()
  store.set(resetAuthAtom)
  store.set(authStatusAtom, null)
  store.set(walletBridgeAtom, null)
  store.set(walletEventAtom, null)
  store.set(walletStackRequestedAtom, false)
  store.set(toastsAtom, [])
}

export function fakeBridge(overrides: Partial<WalletBridge> = {}) {
  const keys = nacl.sign.keyPair()
  const address = bs58.encode(keys.publicKey)
  const bridge: WalletBridge = {
    wallets: [
      {
        name: 'Phantom',
        icon: 'data:,',
        url: 'https://phantom.app',
        detected: true,
        installed: true,
        sandbox: false,
        kind: 'injected',
      },
      {
        name: 'Solflare',
        icon: 'data:,',
        url: 'https://solflare.com',
        detected: true,
        installed: false,
        sandbox: false,
        kind: 'injected',
      },
    ],
    walletName: 'Phantom',
    address,
    connecting: false,
    connect: vi.fn(async () => address),
    disconnect: vi.fn(async () => undefined),
    signMessage: vi.fn(async (message: Uint8Array) => nacl.sign.detached(message, keys.secretKey)),
    signTransaction: vi.fn(async (bytes: Uint8Array) => {
      const transaction = VersionedTransaction.deserialize(bytes)
      transaction.signatures[0] = nacl.sign.detached(transaction.message.serialize(), keys.secretKey)
      return transaction.serialize()
    }),
    ...overrides,
  }
  return { bridge, keys, address }
}

type Handler = (
  body: unknown,
  url: URL,
) => { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>

/** Stubs fetch; each key is "METHOD /api/path/". Unknown calls answer 404. Returns the recorded calls. */
export function stubApi(handlers: Record<string, Handler>) {
  const calls: { key: string; body: unknown; headers: Record<string, string> }[] = []
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost')
    const key = `${init.method ?? 'GET'} ${url.pathname}`
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined
    calls.push({ key, body, headers: (init.headers ?? {}) as Record<string, string> })
    const handler = handlers[key]
    const answer = handler ? await handler(body, url) : { status: 404, body: { error: 'Not found' } }
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetchStub)
  return calls
}

/** Renders the routes under a memory router, with the toaster, starting at `path`. */
export function renderAt(path: string, routes: RouteObject[]) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <Toaster />
          </>
        ),
        // The loaders of the first page run before it renders (the browser's first page has the server's data).
        HydrateFallback,
        children: routes,
      },
    ],
    { initialEntries: [path] },
  )
  return { router, ...render(<RouterProvider router={router} />) }
}
