// The create/edit form's fields, validation and multipart body (api-contract/emergencies.ts).
import type { Emergency } from '../../lib/emergencies.api'
import { parseSol } from '../../lib/sol'
import { embedUrl } from './video'

export interface EmergencyDraft {
  title: string
  description: string
  sol_goal: string
  deadline: string
  receiving_wallet: string
  video_url: string
}

export const emptyDraft = (wallet: string | null): EmergencyDraft => ({
  title: '',
  description: '',
  sol_goal: '',
  deadline: '',
  receiving_wallet: wallet ?? '',
  video_url: '',
})

export const draftOf = (emergency: Emergency): EmergencyDraft => ({
  title: emergency.title,
  description: emergency.description,
  sol_goal: emergency.sol_goal,
  deadline: emergency.deadline,
  receiving_wallet: emergency.receiving_wallet,
  video_url: emergency.video_url ?? '',
})

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** The first problem with the draft, or null. `imageCount` counts kept and new images together. */
export function validateDraft(
  draft: EmergencyDraft,
  imageCount: number,
  requireImages: boolean,
): string | null {
  if (!draft.title.trim()) return 'Please enter a title.'
  if (!draft.description.trim()) return 'Please enter a description.'
  const goal = parseSol(draft.sol_goal)
  if (goal === null || goal <= 0n) return 'Please enter the SOL goal as a number.'
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.deadline)) return 'Please choose a deadline.'
  if (!BASE58.test(draft.receiving_wallet.trim())) return 'Please enter a valid receiving wallet address.'
  if (draft.video_url.trim() && !embedUrl(draft.video_url.trim()))
    return 'The video link must be a YouTube or Vimeo link.'
  if (requireImages && imageCount === 0) return 'Please add at least one proof image.'
  return null
}

/** `unchangedWallet`: an edit leaves the receiving wallet out (it is locked once donations exist). */
export function toFormData(
  draft: EmergencyDraft,
  files: File[],
  deleteImages: number[] = [],
  unchangedWallet = false,
): FormData {
  const form = new FormData()
  form.set('title', draft.title.trim())
  form.set('description', draft.description.trim())
  form.set('sol_goal', draft.sol_goal.trim())
  form.set('deadline', draft.deadline)
  if (!unchangedWallet) form.set('receiving_wallet', draft.receiving_wallet.trim())
  form.set('video_url', draft.video_url.trim())
  for (const file of files) form.append('proof_images', file)
  if (deleteImages.length > 0) form.set('delete_images', JSON.stringify(deleteImages))
  return form
}
