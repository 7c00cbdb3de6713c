// /api/airdrop/kyc/* and the admin KYC queue. Thin handlers: schema, service call, reply.
import multipart from '@fastify/multipart'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync } from 'fastify'
import {
  AdminKycSubmission,
  IdParams,
  KycMe,
  KycReviewRequest,
  KycSubmission,
  MessageResponse,
} from '../../../api-contract/kyc'
import type { Config } from '../../config'
import { readMultipart } from '../../lib/multipart'
import { listRoute } from '../../lib/list-route'
import { sendPrivateFile } from '../../lib/private-file'
import { errors } from '../../lib/route-schema'
import { ownRead, signedIn, signedInUpload } from '../../lib/signed-in'
import { signedInUser } from '../../plugins/auth'
import type { PrivateUploadDeps } from '../../storage/staged-files'
import { kycService } from './kyc.service'

export interface KycRoutesOptions extends PrivateUploadDeps {
  config: Config
}

const tags = ['kyc']
export const ADMIN_PAGE = 10

export const kycRoutes: FastifyPluginAsync<KycRoutesOptions> = async (fastify, opts) => {
  const { config } = opts
  await fastify.register(multipart)
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const kyc = kycService(opts)

  app.post(
    '/airdrop/kyc/submit/',
    signedInUpload(app, {
      tags,
      summary: 'Submit KYC (a rejected submission may be resubmitted)',
      description:
        'multipart/form-data: full_name, country, full_address, id_type (passport | national_id | ' +
        'driver_license, default passport), id_image (JPEG, PNG or WebP, ≤ 5 MB; private).',
      response: { 201: KycSubmission, ...errors(400, 409) },
    }),
    async (request, reply) => {
      const user = signedInUser(request)
      return reply
        .code(201)
        .send(await kyc.submit(user, await readMultipart(request, { maxFiles: 1, accept: 'images' })))
    },
  )

  ownRead(
    app,
    {
      url: '/airdrop/kyc/me/',
      tags,
      summary: 'My latest KYC submission, or {status: not_submitted}',
      answer: KycMe,
    },
    (userId) => kyc.me(userId),
  )

  app.get(
    '/airdrop/kyc/image/:id/',
    signedIn(app, 'user', {
      tags,
      summary: 'The private ID image of a submission (its owner and admins only)',
      params: IdParams,
      response: errors(400, 403, 404),
    }),
    async (request, reply) => {
      const file = await kyc.image(signedInUser(request), request.params.id)
      const ext = file.mime.split('/')[1] ?? 'bin'
      return sendPrivateFile(reply, {
        body: file.body,
        mime: file.mime,
        disposition: `inline; filename="kyc-${request.params.id}.${ext}"`,
      })
    },
  )

  listRoute(
    app,
    config.publicUrl,
    {
      url: '/airdrop/admin/kyc-submissions/',
      tags,
      summary: 'Pending KYC submissions, oldest first (admin)',
      access: 'admin',
      item: AdminKycSubmission,
      pageSize: ADMIN_PAGE,
    },
    (_request, at) => kyc.pending(at),
  )

  app.post(
    '/airdrop/kyc/review/:id/',
    signedIn(app, 'admin', {
      tags,
      summary: 'Approve or reject a pending KYC submission (reject needs a reason) (admin)',
      params: IdParams,
      body: KycReviewRequest,
      response: { 200: MessageResponse, ...errors(400, 404, 409) },
    }),
    async (request) =>
      kyc.review(signedInUser(request), request.params.id, request.body.action, request.body.reason),
  )
}
