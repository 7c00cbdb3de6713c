// What the donor has typed in the donate form, valid or null, so the "Donate from your phone" panel can put the
// same amount and tip in its Solana Pay QR (features do not import each other; they meet here).
import { atom } from 'jotai'

export interface DonationDraft {
  emergencyId: number
  /** lamports to the emergency */
  amount: bigint
  /** lamports to the platform */
  tip: bigint
}

export const donationDraftAtom = atom<DonationDraft | null>(null)
