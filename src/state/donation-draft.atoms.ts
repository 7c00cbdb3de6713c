// What the donor has typed in the donate form, valid or null, so the "Donate from your phone" panel can put the
// same amount and tip in its Solana Pay QR (features do not import each other; they meet here).
import { atom } from 'jotai'
import type { Currency } from '../lib/money'

export interface DonationDraft {
  emergencyId: number
  currency: Currency
  /** base units of the currency (lamports, micro-USDC) to the emergency */
  amount: bigint
  /** base units of the currency to the platform */
  tip: bigint
}

export const donationDraftAtom = atom<DonationDraft | null>(null)
