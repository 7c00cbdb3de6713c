// Reads a small multipart form fully into memory: text fields and at most `maxFiles` files (≤ 5 MB each), the
// files keyed by field name. Nothing is written anywhere; the caller checks the bytes.
import type { FastifyRequest } from 'fastify'
import { fileTooLarge, MAX_IMAGE_BYTES } from '../storage/images'
import { AppError, badRequest } from './errors'
import { textProblem } from './text'

export interface UploadedFile {
  field: string
  fileName: string
  body: Buffer
}

export interface MultipartForm {
  fields: Record<string, string>
  files: UploadedFile[]
}

const MAX_FIELD_BYTES = 64 * 1024

/** `tooManyFiles`: the 413 detail when more than `maxFiles` files are sent. */
export async function readMultipart(
  request: FastifyRequest,
  maxFiles = 1,
  tooManyFiles = 'Too many files.',
): Promise<MultipartForm> {
  if (!request.isMultipart())
    throw new AppError('unsupported_media_type', 'Send the form as multipart/form-data.', 415)
  const fields: Record<string, string> = {}
  const files: UploadedFile[] = []
  try {
    const parts = request.parts({
      limits: {
        fileSize: MAX_IMAGE_BYTES,
        files: maxFiles,
        fields: 20,
        fieldSize: MAX_FIELD_BYTES,
        parts: maxFiles + 20,
      },
    })
    for await (const part of parts) {
      if (part.type === 'file') {
        files.push({ field: part.fieldname, fileName: part.filename, body: await part.toBuffer() })
      } else {
        if (part.valueTruncated)
          throw new AppError('payload_too_large', `${part.fieldname} is too long.`, 413)
        const value = String(part.value)
        const badName = textProblem(part.fieldname)
        if (badName) throw badRequest('invalid_text', `Form field names ${badName}.`)
        const badValue = textProblem(value)
        if (badValue) throw badRequest('invalid_text', `${part.fieldname} ${badValue}.`)
        fields[part.fieldname] = value
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge()
    if (code === 'FST_FILES_LIMIT') throw new AppError('payload_too_large', tooManyFiles, 413)
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new AppError('payload_too_large', 'Too many form fields.', 413)
    throw error
  }
  return { fields, files }
}

/** A required text field, trimmed; 400 when missing or blank or longer than `max`. */
export function requiredText(fields: Record<string, string>, name: string, max: number): string {
  const value = (fields[name] ?? '').trim()
  if (!value) throw new AppError('validation_error', `${name} is required.`, 400)
  if (value.length > max)
    throw new AppError('validation_error', `${name} must be at most ${max} characters.`, 400)
  return value
}

/** An optional text field, trimmed; null when missing or blank. */
export function optionalText(fields: Record<string, string>, name: string, max: number): string | null {
  const value = (fields[name] ?? '').trim()
  if (!value) return null
  if (value.length > max)
    throw new AppError('validation_error', `${name} must be at most ${max} characters.`, 400)
  return value
}
