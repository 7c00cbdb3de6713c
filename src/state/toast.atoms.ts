// Toasts: top-right, 4 seconds.
import { atom } from 'jotai'

export const TOAST_DURATION_MS = 4000
/** At most this many at once: a burst (connect → sign in → redirect) must not wall off the screen on a phone. */
export const MAX_VISIBLE_TOASTS = 3

export type ToastKind = 'success' | 'error' | 'info'
export interface Toast {
  id: number
  kind: ToastKind
  text: string
}

let nextId = 1

export const toastsAtom = atom<Toast[]>([])

export const dismissToastAtom = atom(null, (get, set, id: number) => {
  set(
    toastsAtom,
    get(toastsAtom).filter((toast) => toast.id !== id),
  )
})

export const pushToastAtom = atom(null, (get, set, toast: { kind: ToastKind; text: string }) => {
  const id = nextId++
  set(toastsAtom, [...get(toastsAtom), { id, ...toast }].slice(-MAX_VISIBLE_TOASTS))
  setTimeout(() => set(dismissToastAtom, id), TOAST_DURATION_MS)
  return id
})
