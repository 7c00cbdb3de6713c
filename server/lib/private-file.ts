// Private files (KYC ID images, chat documents) leave the server only through authenticated handlers: never cached
// by a shared cache or the browser, never sniffed into another type, always with an explicit disposition.
import type { FastifyReply } from 'fastify'

export function sendPrivateFile(
  reply: FastifyReply,
  file: { body: Buffer; mime: string; disposition: string },
) {
  return reply
    .header('content-type', file.mime)
    .header('content-length', file.body.length)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', file.disposition)
    .header('cache-control', 'private, no-store')
    .header('cross-origin-resource-policy', 'same-origin')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.body)
}
