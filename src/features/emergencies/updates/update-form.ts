// An update's fields as the owner writes them: the checks the server makes, made first (the same words where it
// has them), and the multipart body (api-contract/updates.ts).
import { fileTooLargeText, uploadTooLarge } from '../../../lib/upload-limit'
import { UPDATE_IMAGES_MAX, UPDATE_TEXT_MAX } from '../../../lib/updates.api'

export const UPDATE_TEXT = {
  posted: 'Update posted.',
  removed: 'Update removed.',
  postFailed: 'Failed to post the update.',
  removeFailed: 'Failed to remove the update.',
  empty: 'Please write the update.',
  tooLong: `An update is at most ${UPDATE_TEXT_MAX.toLocaleString('en-US')} characters.`,
  tooMany: `Too many images. At most ${UPDATE_IMAGES_MAX} per update.`,
}

/** The first problem with the update, or null. `maxBytes`: the upload limit, null while unknown. */
export function updateProblem(text: string, files: File[], maxBytes: number | null): string | null {
  const trimmed = text.trim()
  if (!trimmed) return UPDATE_TEXT.empty
  if (trimmed.length > UPDATE_TEXT_MAX) return UPDATE_TEXT.tooLong
  if (files.length > UPDATE_IMAGES_MAX) return UPDATE_TEXT.tooMany
  const tooLarge = files.find((file) => uploadTooLarge(file, maxBytes))
  return tooLarge && maxBytes !== null ? fileTooLargeText(maxBytes) : null
}

export function updateForm(text: string, files: File[]): FormData {
  const form = new FormData()
  form.set('text', text.trim())
  for (const file of files) form.append('images', file)
  return form
}
