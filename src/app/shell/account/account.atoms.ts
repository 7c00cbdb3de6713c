import { atom } from 'jotai'

/** The account sheet: opened from the header's wallet chip or the tab bar's Account tab. */
export const accountSheetOpenAtom = atom(false)
