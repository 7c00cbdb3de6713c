// KYC form rules: full_name, country, full_address and an image id_image are required; id_type
// defaults to passport. Files above the upload limit are refused before they travel.
import { uploadTooLarge } from '../../lib/upload-limit'

export const ID_TYPES = [
  ['passport', 'Passport'],
  ['national_id', 'National ID'],
  ['driver_license', 'Driver license'],
] as const

export type IdTypeValue = (typeof ID_TYPES)[number][0]

export interface KycValues {
  full_name: string
  country: string
  full_address: string
  id_type: IdTypeValue
  id_image: File | null
}

export const KYC_TEXT = {
  failed: 'Failed to submit KYC',
  already: 'KYC already submitted and under review or approved.',
  submitted: 'KYC submitted. An admin will review it shortly.',
} as const

type KycErrors = Partial<Record<keyof KycValues, string>>

/** `maxBytes`: the upload limit from the config (null while unknown). */
export function validateKyc(values: KycValues, maxBytes: number | null): KycErrors {
  const errors: KycErrors = {}
  if (!values.full_name.trim()) errors.full_name = 'Full name is required.'
  if (!values.country.trim()) errors.country = 'Country is required.'
  if (!values.full_address.trim()) errors.full_address = 'Full address is required.'
  if (!values.id_image) errors.id_image = 'An image of your ID is required.'
  else if (!values.id_image.type.startsWith('image/')) errors.id_image = 'The ID must be an image file.'
  else errors.id_image = uploadTooLarge(values.id_image, maxBytes) ?? undefined
  if (!errors.id_image) delete errors.id_image
  return errors
}

export function kycFormData(values: KycValues): FormData {
  const form = new FormData()
  form.append('full_name', values.full_name.trim())
  form.append('country', values.country.trim())
  form.append('full_address', values.full_address.trim())
  form.append('id_type', values.id_type)
  if (values.id_image) form.append('id_image', values.id_image)
  return form
}
