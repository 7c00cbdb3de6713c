// /api/emergency/{id}/updates/: campaign updates. Thin handlers: schema validation, a service call, the reply.
import multipart from '@fastify/multipart'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync } from 'fastify'
import { Type } from 'typebox'
import { PageQuery, Paginated } from '../../../api-contract/common'
import { EmergencyIdParams } from '../../../api-contract/emergencies'
import {
  EmergencyUpdate,
  MAX_UPDATE_IMAGES,
  MAX_UPDATE_TEXT,
  UpdateParams,
} from '../../../api-contract/updates'
import { oneEmergencyList } from '../../lib/read-cache'
import { errors } from '../../lib/route-schema'
import { signedIn, signedInUpload } from '../../lib/signed-in'
import { signedInUser } from '../../plugins/auth'
import { readForm } from '../emergencies/emergency-input'
import { type UpdatesDeps, updatesService } from './updates.service'

const tags = ['updates']
const UPDATE_IMAGES = {
  field: 'images',
  max: MAX_UPDATE_IMAGES,
  tooMany: `Too many images. At most ${MAX_UPDATE_IMAGES} per update.`,
}

export const updatesRoutes: FastifyPluginAsync<UpdatesDeps> = async (fastify, deps) => {
  await fastify.register(multipart)
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const updates = updatesService(deps)

  app.post(
    '/emergency/:id/updates/',
    signedInUpload(app, {
      tags,
      summary: 'Post an update on my emergency (its followers are notified)',
      description:
        `multipart/form-data: text (1–${MAX_UPDATE_TEXT} characters), images (repeated files, up to ` +
        `${MAX_UPDATE_IMAGES}: JPEG, PNG or WebP, ≤ 5 MB each).`,
      params: EmergencyIdParams,
      response: { 201: EmergencyUpdate, ...errors(400, 403, 404, 409, 429) },
    }),
    async (request, reply) => {
      const user = signedInUser(request)
      // Ownership is checked before the upload is read, so a stranger's files are never even decoded.
      await updates.postable(request.params.id, user)
      const form = await readForm(request, UPDATE_IMAGES)
      return reply.code(201).send(await updates.post(user, request.params.id, form))
    },
  )

  app.get(
    '/emergency/:id/updates/',
    {
      config: oneEmergencyList,
      schema: {
        tags,
        summary: "An emergency's updates, newest first, 10 per page",
        params: EmergencyIdParams,
        querystring: PageQuery,
        response: { 200: Paginated(EmergencyUpdate), ...errors(400, 404) },
      },
    },
    async (request) => updates.list(request, request.params.id, request.user),
  )

  app.delete(
    '/emergency/:id/updates/:update_id/',
    signedIn(app, 'user', {
      tags,
      summary: 'Remove an update (the emergency’s owner or an admin)',
      params: UpdateParams,
      response: { 204: Type.Null(), ...errors(400, 403, 404) },
    }),
    async (request, reply) => {
      await updates.remove(signedInUser(request), request.params.id, request.params.update_id)
      return reply.code(204).send(null)
    },
  )
}
