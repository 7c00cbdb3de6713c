// Campaign updates: what an emergency's owner posts on its page. Shared by server/ (validation, OpenAPI) and src/.
// POST emergency/{id}/updates/ is multipart/form-data: `text` (1–5,000 characters) and `images` (repeated files,
// up to 4, the proof images' rules: JPEG, PNG or WebP, ≤ 5 MB each).
import { Type, type Static } from 'typebox'
import { Id } from './common'
import { ProofImage } from './emergencies'

export const MAX_UPDATE_TEXT = 5000
export const MAX_UPDATE_IMAGES = 4

export const EmergencyUpdate = Type.Object({
  id: Type.Integer(),
  emergency_id: Type.Integer(),
  text: Type.String(),
  images: Type.Array(ProofImage),
  created_at: Type.String({ format: 'date-time' }),
})
export type EmergencyUpdate = Static<typeof EmergencyUpdate>

export const UpdateParams = Type.Object({ id: Id, update_id: Id })
export type UpdateParams = Static<typeof UpdateParams>

export const UpdateFields = Type.Object({
  text: Type.String({ minLength: 1, maxLength: MAX_UPDATE_TEXT }),
})
