// The app's side of installing: Chrome's offer, caught from the first script (install-prompt-catcher.ts), is kept
// so the app offers installing at a calm moment instead of over the first paint (install.atoms.ts, loaded with
// the banner).
import { atom, getDefaultStore } from 'jotai'
import { type BeforeInstallPromptEvent, onInstallPrompt } from './install-prompt-catcher'

export const deferredPromptAtom = atom<BeforeInstallPromptEvent | null>(null)
export const installedAtom = atom(false)

export function listenForInstallPrompt(store = getDefaultStore()): void {
  onInstallPrompt((event) => store.set(deferredPromptAtom, event))
  window.addEventListener('appinstalled', () => {
    store.set(deferredPromptAtom, null)
    store.set(installedAtom, true)
  })
}
