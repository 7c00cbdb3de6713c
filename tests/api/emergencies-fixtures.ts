// Shared by the emergencies, donations and badges API tests: multipart forms, test images, a quick emergency.
import { Keypair } from '@solana/web3.js'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import type { Emergency } from '../../api-contract/emergencies'

export interface FilePart {
  name: string
  filename: string
  contentType: string
  body: Buffer
}

/** A multipart/form-data body for inject. */
export function multipart(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----lifeline${Math.random().toString(16).slice(2)}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    )
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.body,
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

export const png = (width = 16, height = 16) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer()

export const jpeg = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 0, g: 90, b: 200 } } })
    .jpeg()
    .toBuffer()

export const proofImage = async (body?: Buffer, filename = 'proof.png'): Promise<FilePart> => ({
  name: 'proof_images',
  filename,
  contentType: 'image/png',
  body: body ?? (await png()),
})

const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)

export function emergencyFields(over: Record<string, string> = {}): Record<string, string> {
  return {
    title: 'Flood relief for the river village',
    description: 'Families lost their homes in the flood.',
    sol_goal: '10',
    deadline: inAMonth(),
    receiving_wallet: Keypair.generate().publicKey.toBase58(),
    ...over,
  }
}

/** Creates an emergency through the API (201 expected) and returns it; one small PNG unless `images` are given. */
export async function createEmergency(
  app: FastifyInstance,
  bearer: { authorization: string },
  over: Record<string, string> = {},
  images?: Buffer[],
): Promise<Emergency> {
  const files = images ? images.map((body) => proofImage(body, 'photo.jpg')) : [proofImage()]
  const form = multipart(emergencyFields(over), await Promise.all(files))
  const response = await app.inject({
    method: 'POST',
    url: '/api/emergency/create/',
    headers: { ...bearer, ...form.headers },
    payload: form.payload,
  })
  if (response.statusCode !== 201) throw new Error(`create: ${response.statusCode} ${response.body}`)
  return response.json<Emergency>()
}

/** Flags the emergency and has an admin confirm it as a scam (200 expected): it leaves every public list. */
export async function confirmScam(app: FastifyInstance, id: number, admin: { authorization: string }) {
  await app.inject({ method: 'POST', url: `/api/emergency/${id}/flag/`, payload: { reason: 'fake' } })
  const review = await app.inject({
    method: 'POST',
    url: `/api/emergency/admin/${id}/review/`,
    headers: admin,
    payload: { action: 'approve', comment: 'confirmed' },
  })
  if (review.statusCode !== 200) throw new Error(`review: ${review.statusCode} ${review.body}`)
}
