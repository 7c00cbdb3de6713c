// POST /api/download-links/: a link that downloads one export (a CSV) as the signed-in user, for a browser that
// follows it as a plain link (which carries no Authorization header) and streams the file to disk instead of
// holding it in memory. The token is good for one path's GET, for a minute; the route still checks access.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync } from 'fastify'
import { DownloadLink, DownloadLinkRequest } from '../../../api-contract/receipts'
import type { Config } from '../../config'
import type { AccessTokens } from '../../lib/access-tokens'
import { errors } from '../../lib/route-schema'
import { signedIn } from '../../lib/signed-in'
import { downloadPath, signedInUser } from '../../plugins/auth'

export const downloadLinksRoutes: FastifyPluginAsync<{ config: Config; tokens: AccessTokens }> = async (
  fastify,
  { config, tokens },
) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.post(
    '/download-links/',
    signedIn(app, 'user', {
      tags: ['users'],
      summary: 'A link to download an export (e.g. a donations CSV) without an Authorization header',
      description:
        "The answer's `url` carries a `download_token` good for GET of that path alone, for this user, for 60 s. " +
        'Only exports take it (GET emergency/my-donations.csv, GET emergency/{id}/donations.csv); each still ' +
        'checks access when it is followed.',
      body: DownloadLinkRequest,
      response: { 201: DownloadLink, ...errors(400) },
    }),
    async (request, reply) => {
      const user = signedInUser(request)
      const path = downloadPath(request.body.path)
      const { token, expiresAt } = await tokens.issueDownload(
        {
          userId: user.id,
          walletAddress: user.walletAddress,
          role: user.isAdmin ? 'admin' : 'user',
          sessionId: user.sessionId,
        },
        path,
      )
      const url = new URL(path, config.publicUrl)
      url.searchParams.set('download_token', token)
      return reply.code(201).send({ url: url.toString(), expires_at: expiresAt.toISOString() })
    },
  )
}
