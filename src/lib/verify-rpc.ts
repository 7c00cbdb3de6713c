// The RPC the browser's "Verify" asks: the one the user set on this device (kept in localStorage, surviving a
// logout like the other device keys), else the cluster's from the app's settings. A relative URL ("/rpc") resolves
// against the page.
import { DEVICE_KEY_PREFIX } from '../state/storage'

const KEY = `${DEVICE_KEY_PREFIX}verify-rpc`

export const savedVerifyRpc = (): string | null => localStorage.getItem(KEY)

/** Keeps `url` for this device's checks; null or blank goes back to the cluster's RPC. */
export function saveVerifyRpc(url: string | null): void {
  const value = url?.trim()
  if (value) localStorage.setItem(KEY, value)
  else localStorage.removeItem(KEY)
}

/** The RPC to ask, as an absolute URL; null when `text` is not a URL (an http(s) one, after resolving). */
export function rpcUrl(text: string): URL | null {
  try {
    const url = new URL(text.trim(), window.location.href)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null
  } catch {
    return null
  }
}

/** The RPC this device's checks ask: its own, else the network's (`clusterRpc`, from the app's settings). */
export const verifyRpc = (clusterRpc: string): URL | null => rpcUrl(savedVerifyRpc() ?? clusterRpc)
