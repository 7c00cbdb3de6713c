// GET /api/receipts/{tx_hash}/ (public) and the CSV exports of donations (a donor's; an emergency's, for its owner
// or an admin). The exports take the bearer, or a download link's token (POST /api/download-links/).
import { pipeline, type Readable } from 'node:stream'
import { constants, createBrotliCompress, createGzip } from 'node:zlib'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { EmergencyIdParams } from '../../../api-contract/emergencies'
import { DownloadQuery, Receipt, ReceiptParams } from '../../../api-contract/receipts'
import { readScopes } from '../../lib/read-cache'
import { errors } from '../../lib/route-schema'
import { signedIn } from '../../lib/signed-in'
import { signedInUser } from '../../plugins/auth'
import { pickEncoding } from '../../plugins/compression'
import { type ReceiptsDeps, receiptsService } from './receipts.service'

const tags = ['donations']

const CSV_ANSWER = {
  200: Type.String({ description: 'text/csv; charset=utf-8: RFC 4180, UTF-8 with a byte-order mark' }),
}

const csvSchema = (summary: string) => ({
  tags,
  summary,
  description:
    'Columns: date (ISO 8601, UTC: the block time), emergency_id, emergency_title, amount_sol, tip_sol, ' +
    "amount_usdc, tip_usdc (a donation fills its own currency's pair), " +
    'tx_hash, explorer_url, donor_wallet, comment; oldest first. A cell starting with =, +, -, @, tab or CR is ' +
    "prefixed with '. Streamed (compressed when the client accepts it). A browser that follows a link instead " +
    'of sending the bearer passes `?download_token=` from POST download-links/.',
  querystring: DownloadQuery,
  produces: ['text/csv'],
  response: { ...CSV_ANSWER, ...errors(400) },
})

/** Sends the CSV as a file download, compressed on the fly when the client accepts it. */
function sendCsv(request: FastifyRequest, reply: FastifyReply, file: string, csv: Readable) {
  reply
    .header('content-type', 'text/csv; charset=utf-8; header=present')
    .header('content-disposition', `attachment; filename="${file}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('vary', 'Accept-Encoding')
  const encoding = pickEncoding(request.headers['accept-encoding'])
  if (!encoding) return reply.send(csv)
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
      : createGzip({ level: 6 })
  return reply.header('content-encoding', encoding).send(pipeline(csv, compressor, () => undefined))
}

export const receiptsRoutes: FastifyPluginAsync<ReceiptsDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const receipts = receiptsService(deps)

  app.get(
    '/receipts/:tx_hash/',
    {
      // Fixed once written but for the emergency's title.
      config: { readCache: 'always', readsFrom: [readScopes.titles], changesWithTime: false },
      schema: {
        tags,
        summary: "A donation's receipt: the record of its on-chain transfer (not a tax receipt)",
        params: ReceiptParams,
        response: { 200: Receipt, ...errors(400, 404) },
      },
    },
    async (request) => receipts.receipt(request.params.tx_hash),
  )

  app.get(
    '/emergency/my-donations.csv',
    {
      ...signedIn(app, 'user', csvSchema('My donations as CSV')),
      config: { downloadable: true },
    },
    async (request, reply) => {
      const csv = receipts.myDonationsCsv(signedInUser(request))
      return sendCsv(request, reply, 'lifeline-my-donations.csv', csv)
    },
  )

  app.get(
    '/emergency/:id/donations.csv',
    {
      ...signedIn(app, 'user', {
        ...csvSchema('Every donation to an emergency as CSV (its owner or an admin)'),
        params: EmergencyIdParams,
        response: { ...CSV_ANSWER, ...errors(400, 403, 404) },
      }),
      config: { downloadable: true },
    },
    async (request, reply) => {
      const { id } = request.params
      const csv = await receipts.emergencyDonationsCsv(signedInUser(request), id)
      return sendCsv(request, reply, `lifeline-emergency-${id}-donations.csv`, csv)
    },
  )
}
