// The one copy of GET /api/config/ the screens read: platform wallet, explorer, cluster, fees, tip percent and
// upload limit. `configAtom` is null until the answer arrives (or while the API cannot be reached: payments then
// stay disabled and forms skip the size check the server makes anyway); it asks again when the browser comes
// back online. Code outside React (the payment runners, the wallet stack) awaits `loadConfig` instead: the same
// request, made once per page load.
import { atom, useAtomValue } from 'jotai'
import type { PublicConfig } from '../../api-contract/config'
import { loadConfig } from '../lib/config.api'
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
  window.addEventListener('online', load)
  void load()
  return () => {
    live = false
    window.removeEventListener('online', load)
  }
}

export const configAtom = atom((get) => get(loadedConfigAtom))

export const useConfig = (): PublicConfig | null => useAtomValue(configAtom)
