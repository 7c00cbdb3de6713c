// The one copy of GET /api/config/ the screens read: platform wallet, explorer, cluster, fees, tip percent and
// upload limit. `useConfig` is null until the answer is here (or while the API cannot be reached: payments then
// stay disabled and forms skip the size check the server makes anyway); it asks again when the browser comes
// back online. A page the server rendered carries the answer (lib/config.api `primeConfig`): its first render has
// it, on the server and in the browser. Code outside React (the payment runners, the wallet stack) awaits
// `loadConfig` instead: the same answer, asked for at most once per page load.
import { atom, useAtomValue } from 'jotai'
import type { PublicConfig } from '../../api-contract/config'
import { configNow, loadConfig } from '../lib/config.api'
import { api } from './api'

const loadedConfigAtom = atom<PublicConfig | null>(null)

loadedConfigAtom.onMount = (set) => {
  let live = true
  const load = () =>
    loadConfig(api).then(
      (config) => {
        if (live) set(config)
        window.removeEventListener('online', load)
      },
      (error: unknown) => console.warn('config/ unavailable', error),
    )
  // The page's copy is the answer: nothing to ask, and nothing changes on screen.
  if (configNow()) return
  window.addEventListener('online', load)
  void load()
  return () => {
    live = false
    window.removeEventListener('online', load)
  }
}

export const useConfig = (): PublicConfig | null => useAtomValue(loadedConfigAtom) ?? configNow() ?? null
