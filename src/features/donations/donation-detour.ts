// The donation a signed-out donor had typed when the form sent them to /register (issue 29): kept on this device
// while they register, put back in the form when they come back to the same emergency. Local storage, not the
// session's: a phone wallet's registration can come back in another tab. Old drafts are dropped.
export interface TypedDonation {
  amount: string
  /** null while the tip follows the suggestion */
  tip: string | null
  withComment: boolean
  comment: string
}

const KEY = 'lifeline.donation-detour'
export const DETOUR_MAX_AGE_MS = 30 * 60_000

interface Stored extends TypedDonation {
  emergencyId: number
  savedAt: number
}

export function saveDetour(emergencyId: number, typed: TypedDonation, now = Date.now()): void {
  const stored: Stored = { ...typed, emergencyId, savedAt: now }
  localStorage.setItem(KEY, JSON.stringify(stored))
}

function isStored(value: unknown): value is Stored {
  const v = value as Partial<Stored> | null
  return (
    typeof v?.emergencyId === 'number' &&
    typeof v.savedAt === 'number' &&
    typeof v.amount === 'string' &&
    (v.tip === null || typeof v.tip === 'string') &&
    typeof v.withComment === 'boolean' &&
    typeof v.comment === 'string'
  )
}

/** The draft kept for `emergencyId`, once: it is removed as it is read (also when it is too old or another's). */
export function takeDetour(emergencyId: number, now = Date.now()): TypedDonation | null {
  const raw = localStorage.getItem(KEY)
  if (raw === null) return null
  let stored: unknown
  try {
    stored = JSON.parse(raw)
  } catch {
    stored = null
  }
  if (!isStored(stored) || now - stored.savedAt > DETOUR_MAX_AGE_MS) {
    localStorage.removeItem(KEY)
    return null
  }
  if (stored.emergencyId !== emergencyId) return null
  localStorage.removeItem(KEY)
  const { amount, tip, withComment, comment } = stored
  return { amount, tip, withComment, comment }
}
