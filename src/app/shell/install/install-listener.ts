// The part of installing that must run from the first script: Chrome may fire beforeinstallprompt before React
// mounts. Its default mini-infobar is suppressed so the app offers installing at a calm moment instead of over
// the first paint (install.atoms.ts, loaded with the banner).
import { atom, getDefaultStore } from 'jotai'

/** Chrome's event (not in TypeScript's DOM types): prompt() shows the install dialog once. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

export const deferredPromptAtom = atom<BeforeInstallPromptEvent | null>(null)
export const installedAtom = atom(false)

export function listenForInstallPrompt(store = getDefaultStore()): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    store.set(deferredPromptAtom, event as BeforeInstallPromptEvent)
  })
  window.addEventListener('appinstalled', () => {
    store.set(deferredPromptAtom, null)
    store.set(installedAtom, true)
  })
}
