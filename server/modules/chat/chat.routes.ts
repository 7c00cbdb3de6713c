// /api/airdrop/chat/{session}/*: messages (polled with ?after=), send, the reader's read marker, private documents;
// /api/airdrop/chat/unread/: the signed-in user's unread messages. Thin handlers.
import multipart from '@fastify/multipart'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync } from 'fastify'
import { Type } from 'typebox'
import {
  ChatAbout,
  ChatDocument,
  ChatMessage,
  ChatUnread,
  DocumentParams,
  MarkReadRequest,
  MessagesQuery,
  SendMessageRequest,
  SessionParams,
} from '../../../api-contract/chat'
import { readMultipart } from '../../lib/multipart'
import { sendPrivateFile } from '../../lib/private-file'
import { errors } from '../../lib/route-schema'
import { ownRead, signedIn, signedInUpload } from '../../lib/signed-in'
import { signedInUser } from '../../plugins/auth'
import { attachmentDisposition } from '../../storage/documents'
import type { PrivateUploadDeps } from '../../storage/staged-files'
import { chatService } from './chat.service'

const tags = ['chat']

export const chatRoutes: FastifyPluginAsync<PrivateUploadDeps> = async (fastify, opts) => {
  await fastify.register(multipart)
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const chat = chatService(opts)

  app.get(
    '/airdrop/chat/:session/',
    signedIn(app, 'user', {
      tags,
      summary: "Who the chat is between and its campaign (participants and admins), for the page's header",
      params: SessionParams,
      response: { 200: ChatAbout, ...errors(400, 403, 404) },
    }),
    async (request) => chat.about(signedInUser(request), request.params.session),
  )

  app.get(
    '/airdrop/chat/:session/messages/',
    signedIn(app, 'user', {
      tags,
      summary: 'Messages oldest first; ?after=<id> returns only newer ones (at most 500 per call)',
      params: SessionParams,
      querystring: MessagesQuery,
      response: { 200: Type.Array(ChatMessage), ...errors(400, 403, 404) },
    }),
    async (request) => chat.messages(signedInUser(request), request.params.session, request.query.after),
  )

  app.post(
    '/airdrop/chat/:session/send/',
    {
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      ...signedIn(app, 'user', {
        tags,
        summary: 'Send a message (participants only; non-blank, ≤ 4000 characters)',
        params: SessionParams,
        body: SendMessageRequest,
        response: { 201: ChatMessage, ...errors(400, 403, 404) },
      }),
    },
    async (request, reply) => {
      const sent = await chat.send(signedInUser(request), request.params.session, request.body.message)
      return reply.code(201).send(sent)
    },
  )

  app.post(
    '/airdrop/chat/:session/read/',
    signedIn(app, 'user', {
      tags,
      summary: 'Mark the chat read up to a message (participants only; the marker never moves back)',
      description: "Answers the reader's unread messages after it, as `GET /api/airdrop/chat/unread/` does.",
      params: SessionParams,
      body: MarkReadRequest,
      response: { 200: ChatUnread, ...errors(400, 403, 404) },
    }),
    async (request) =>
      chat.markRead(signedInUser(request), request.params.session, request.body.last_message_id),
  )

  ownRead(
    app,
    {
      url: '/airdrop/chat/unread/',
      tags,
      summary:
        "The signed-in user's unread messages: sent by the other party after their read marker, per chat",
      answer: ChatUnread,
    },
    chat.unread,
  )

  app.get(
    '/airdrop/chat/:session/upload-doc/',
    signedIn(app, 'user', {
      tags,
      summary: "The chat's documents, oldest first",
      params: SessionParams,
      response: { 200: Type.Array(ChatDocument), ...errors(400, 403, 404) },
    }),
    async (request) => chat.documents(signedInUser(request), request.params.session),
  )

  app.post(
    '/airdrop/chat/:session/upload-doc/',
    signedInUpload(app, {
      tags,
      summary: 'Upload a document (participants only): PDF, PNG, JPEG or WebP, ≤ 5 MB',
      description: 'multipart/form-data with one `file`.',
      params: SessionParams,
      response: { 201: ChatDocument, ...errors(400, 403, 404) },
    }),
    async (request, reply) => {
      const user = signedInUser(request)
      await chat.writable(request.params.session, user)
      const form = await readMultipart(request, { maxFiles: 1, accept: 'documents' })
      const file = form.files.find((f) => f.field === 'file') ?? form.files[0]
      return reply.code(201).send(await chat.upload(user, request.params.session, file))
    },
  )

  app.get(
    '/airdrop/chat/:session/documents/:id/',
    signedIn(app, 'user', {
      tags,
      summary: 'Download a document (participants and admins), as an attachment',
      params: DocumentParams,
      response: errors(400, 403, 404),
    }),
    async (request, reply) => {
      const doc = await chat.download(signedInUser(request), request.params.session, request.params.id)
      return sendPrivateFile(reply, {
        body: doc.body,
        mime: doc.mime,
        disposition: attachmentDisposition(doc.fileName),
      })
    },
  )
}
