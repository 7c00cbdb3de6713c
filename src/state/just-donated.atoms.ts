// The emergency the donor has just given to, set by the donation flow once the gift is recorded: the dashboard it
// lands on thanks them and offers "Notify me of updates" (src/notifications/DonatedThanks.tsx). In memory only: a
// reload or a dismissal ends the offer.
import { atom } from 'jotai'

export const justDonatedAtom = atom<{ emergencyId: number } | null>(null)
