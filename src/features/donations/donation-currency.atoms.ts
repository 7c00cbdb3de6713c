// The currency this device donates in (SOL or USDC), kept across visits and sign-outs (a device key). The donate
// page is rendered on the server, where there is no storage: the atom starts at SOL in both renders and reads the
// stored choice when it mounts (jotai's atomWithStorage reads in onMount, after hydration), so the first render in
// the browser equals the server's and a USDC donor's form switches right after.
import { atom } from 'jotai'
import { atomWithStorage, createJSONStorage } from 'jotai/utils'
import type { Currency } from '../../lib/money'
import { DEVICE_KEY_PREFIX } from '../../state/storage'

export const DONATION_CURRENCY_KEY = `${DEVICE_KEY_PREFIX}donation-currency`

const storedCurrencyAtom = atomWithStorage<Currency>(
  DONATION_CURRENCY_KEY,
  'SOL',
  createJSONStorage(() => localStorage),
)

/** SOL unless this device chose USDC (anything else stored reads as SOL). */
export const donationCurrencyAtom = atom(
  (get): Currency => (get(storedCurrencyAtom) === 'USDC' ? 'USDC' : 'SOL'),
  (_get, set, currency: Currency) => set(storedCurrencyAtom, currency),
)
