// The sheet the page shows while a deep-link request is out: "Open Phantom" when the link needs a fresh tap
// (iOS opens a wallet app only from a user gesture), then "Waiting for Phantom…" until the answer is back.
import { atom, getDefaultStore } from 'jotai'

export interface WalletPrompt {
  wallet: string
  link: string
  stage: 'tap' | 'waiting'
  /** What the wallet is asked to do, for the sheet's text. */
  purpose: 'connect' | 'sign'
  cancel(): void
}

export const walletPromptAtom = atom<WalletPrompt | null>(null)

export const showPrompt = (prompt: WalletPrompt | null) => getDefaultStore().set(walletPromptAtom, prompt)

let lastTapAt = 0
let lastOpenAt = 0
let watching = false

/** Records taps and key presses: each one may open the wallet app once. */
export function watchUserGestures(): void {
  if (watching) return
  watching = true
  const tapped = () => (lastTapAt = performance.now())
  for (const type of ['pointerdown', 'click', 'keydown'])
    window.addEventListener(type, tapped, { capture: true, passive: true })
}

/**
 * Whether a link may open the wallet now: a tap happened since the last wallet link (one gesture, one app switch),
 * and the browser still counts it as active where it says so (navigator.userActivation).
 */
export function mayOpenNow(): boolean {
  const activation = (navigator as Navigator & { userActivation?: { isActive: boolean } }).userActivation
  if (activation && !activation.isActive) return false
  return lastTapAt > lastOpenAt
}

/** Leaves for the wallet (a universal link: the wallet app opens, or its site when the app is missing). */
export function openWalletLink(link: string): void {
  lastOpenAt = performance.now()
  window.location.assign(link)
}

/** The prompt's own link was tapped: the browser follows the anchor itself. */
export function noteLinkOpened(): void {
  lastOpenAt = performance.now()
}
