// Reads a small multipart form into memory, checking it as it arrives (issue 34, N2): text fields, and at most
// `maxFiles` files (≤ 5 MB each), the files keyed by field name. Each file's type (magic bytes) and, for an image, the
// pixels its header declares are checked from its first bytes (server/storage/upload-check.ts), and the request stops
// at the first refusal; what it sends after that is read and dropped while the answer goes out. The request's bytes
// are capped (`maxFiles` files and the fields), and the bytes kept count against the memory all upload bodies may
// take together (server/plugins/upload-bodies.ts). Nothing is written anywhere; the caller re-encodes the files.
import type { MultipartFile } from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import { fileTooLarge, MAX_IMAGE_BYTES } from '../storage/images'
import { type Accepted, type FileCheck, uploadCheck } from '../storage/upload-check'
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

export interface FormLimits {
  /** files accepted (more: 413 `tooManyFiles`) */
  maxFiles: number
  /** what the files may be, decided from their first bytes */
  accept: Accepted
  tooManyFiles?: string
}

const MAX_FIELD_BYTES = 64 * 1024
const MAX_FIELDS = 20
/** Besides its files, a request's fields and multipart framing. */
const FORM_BYTES = MAX_FIELDS * MAX_FIELD_BYTES

const tooLargeRequest = (maxBytes: number) =>
  // The rest of such a body is not read: the connection closes after the answer.
  Object.assign(
    new AppError(
      'payload_too_large',
      `Upload too large. At most ${Math.round(maxBytes / 1024 / 1024)} MB per request.`,
      413,
    ),
    { headers: { connection: 'close' } },
  )

export async function readMultipart(request: FastifyRequest, limits: FormLimits): Promise<MultipartForm> {
  if (!request.isMultipart())
    throw new AppError('unsupported_media_type', 'Send the form as multipart/form-data.', 415)
  const maxBytes = limits.maxFiles * MAX_IMAGE_BYTES + FORM_BYTES
  if (Number(request.headers['content-length']) > maxBytes) throw tooLargeRequest(maxBytes)
  const fields: Record<string, string> = {}
  const files: UploadedFile[] = []
  const check = uploadCheck(limits.accept)
  let bytes = 0
  const take = (n: number) => {
    if ((bytes += n) > maxBytes) throw tooLargeRequest(maxBytes)
    request.server.uploadBodies.hold(request, n)
  }
  try {
    const parts = request.parts({
      limits: {
        fileSize: MAX_IMAGE_BYTES,
        files: limits.maxFiles,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        parts: limits.maxFiles + MAX_FIELDS,
      },
    })
    for await (const part of parts) {
      if (part.type === 'file') {
        files.push({
          field: part.fieldname,
          fileName: part.filename,
          body: await readFile(part, check.file(), take),
        })
      } else {
        if (part.valueTruncated)
          throw new AppError('payload_too_large', `${part.fieldname} is too long.`, 413)
        const value = String(part.value)
        take(Buffer.byteLength(value))
        const badName = textProblem(part.fieldname)
        if (badName) throw badRequest('invalid_text', `Form field names ${badName}.`)
        const badValue = textProblem(value)
        if (badValue) throw badRequest('invalid_text', `${part.fieldname} ${badValue}.`)
        fields[part.fieldname] = value
      }
    }
  } catch (error) {
    // Refused before the end: stop parsing, and drop what the client still sends (at most the declared length).
    request.raw.unpipe()
    request.raw.resume()
    throw asFormError(error, limits.tooManyFiles ?? 'Too many files.')
  }
  return { fields, files }
}

/** A file's bytes, checked as they arrive; the stream is destroyed at the first refusal. */
async function readFile(
  part: MultipartFile,
  check: FileCheck,
  take: (bytes: number) => void,
): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      take(chunk.length)
      chunks.push(chunk)
      size += chunk.length
      await check.chunk(chunk)
    }
    if (part.file.truncated) throw fileTooLarge()
    const body = Buffer.concat(chunks, size)
    await check.end(body)
    return body
  } catch (error) {
    part.file.destroy()
    throw error
  }
}

function asFormError(error: unknown, tooManyFiles: string): unknown {
  const code = (error as { code?: string }).code
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge()
  if (code === 'FST_FILES_LIMIT') return new AppError('payload_too_large', tooManyFiles, 413)
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new AppError('payload_too_large', 'Too many form fields.', 413)
  return error
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
