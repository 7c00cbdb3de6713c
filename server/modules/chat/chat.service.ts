// Chat sessions (opened by investments.service on approval), messages and private documents. Reading needs to be
// a participant (the investor or the campaign owner) or an admin; writing needs to be a participant.
import type { ChatAbout, ChatDocument, ChatMessage, ChatUnread } from '../../../api-contract/chat'
import type { Db } from '../../db/client'
import { badRequest, forbidden, notFound } from '../../lib/errors'
import type { UploadedFile } from '../../lib/multipart'
import type { AuthUser } from '../../plugins/auth'
import { assertStorageRoom } from '../../storage/quota'
import { type PrivateUploadDeps, stageFiles, stagingFor, storeWithFiles } from '../../storage/staged-files'
import { cleanDocument, sanitizeFileName } from '../../storage/documents'
import { findCampaignOr404 } from '../airdrops/airdrops.service'
import { kycNames } from '../kyc/kyc.service'
import {
  documentsOf,
  findDocument,
  findSession,
  insertDocument,
  insertMessage,
  insertSession,
  markRead,
  messagesAfter,
  unreadBySession,
} from './chat.repository'
import type { ChatDocumentRow, ChatSessionRow, NewChatSession } from './chat.table'

export const NOT_AUTHORIZED = 'You are not authorized to view this chat.'
export const MAX_MESSAGE_CHARS = 4000
const MESSAGES_PER_CALL = 500
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Inside the approving transaction: the chat between the investor and the campaign owner. */
export const openChatSession = (tx: Db, values: NewChatSession) => insertSession(tx, values)

const isParticipant = (session: ChatSessionRow, user: AuthUser) =>
  user.id === session.investorId || user.id === session.ownerId

export function chatService(deps: PrivateUploadDeps) {
  const { config, db, clock, privateStore } = deps

  async function session(id: string): Promise<ChatSessionRow> {
    const found = UUID.test(id) ? await findSession(db, id.toLowerCase()) : undefined
    if (!found) throw notFound('Chat not found.')
    return found
  }
  /** Participants and admins. */
  async function readable(id: string, user: AuthUser) {
    const found = await session(id)
    if (!isParticipant(found, user) && !user.isAdmin) throw forbidden(NOT_AUTHORIZED)
    return found
  }
  /** Participants only: an admin may read a chat but neither speaks in it nor keeps a read marker. */
  async function participant(id: string, user: AuthUser, refusal: string) {
    const found = await readable(id, user)
    if (!isParticipant(found, user)) throw forbidden(refusal)
    return found
  }
  const writable = (id: string, user: AuthUser) =>
    participant(id, user, 'Only the chat participants can write in this chat.')

  async function unread(userId: number): Promise<ChatUnread> {
    const rows = await unreadBySession(db, userId)
    return {
      count: rows.reduce((sum, row) => sum + row.unread, 0),
      sessions: rows.map((row) => ({
        session_id: row.sessionId,
        unread: row.unread,
        your_role: row.ownerId === userId ? 'Developer' : 'Investor',
      })),
    }
  }
  const presentDocument = (row: ChatDocumentRow): ChatDocument => ({
    id: row.id,
    file: `${config.publicUrl}/api/airdrop/chat/${row.sessionId}/documents/${row.id}/`,
    file_name: row.fileName,
    uploaded_at: row.uploadedAt.toISOString(),
  })

  async function messages(user: AuthUser, id: string, after = 0): Promise<ChatMessage[]> {
    const found = await readable(id, user)
    const rows = await messagesAfter(db, found.id, after, MESSAGES_PER_CALL)
    const names = await kycNames(db, [...new Set(rows.map((r) => r.senderId))])
    return rows.map((r) => ({
      id: r.id,
      sender_role: r.senderId === found.ownerId ? 'Developer' : 'Investor',
      sender_fullname: names.get(r.senderId) ?? null,
      sender_email: r.senderEmail,
      message: r.message,
      created_at: r.createdAt.toISOString(),
    }))
  }

  return {
    /** Checked before an upload is read, so a stranger's file is never even decoded. */
    writable,

    messages,

    unread,

    /** Marks the chat read up to `lastMessageId` for a participant; answers what is still unread. */
    async markRead(user: AuthUser, id: string, lastMessageId: number): Promise<ChatUnread> {
      const found = await participant(id, user, 'Only the chat participants keep a read marker.')
      await markRead(db, found.id, user.id, lastMessageId)
      return unread(user.id)
    },

    async about(user: AuthUser, id: string): Promise<ChatAbout> {
      const found = await readable(id, user)
      const campaign = await findCampaignOr404(db, found.campaignId)
      const names = await kycNames(db, [found.ownerId, found.investorId])
      const role = (userId: number) =>
        userId === found.ownerId ? 'Developer' : userId === found.investorId ? 'Investor' : null
      return {
        campaign_id: campaign.id,
        project_name: campaign.projectName,
        developer_name: names.get(found.ownerId) ?? null,
        investor_name: names.get(found.investorId) ?? null,
        your_role: role(user.id),
      }
    },

    async send(user: AuthUser, id: string, text: string): Promise<ChatMessage> {
      const found = await writable(id, user)
      const message = text.trim()
      if (!message) throw badRequest('validation_error', 'message is required.')
      if (message.length > MAX_MESSAGE_CHARS)
        throw badRequest('validation_error', `message must be at most ${MAX_MESSAGE_CHARS} characters.`)
      const row = await insertMessage(db, {
        sessionId: found.id,
        senderId: user.id,
        message,
        createdAt: clock(),
      })
      const [sent] = await messages(user, id, row.id - 1)
      return sent!
    },

    async documents(user: AuthUser, id: string): Promise<ChatDocument[]> {
      const found = await readable(id, user)
      return (await documentsOf(db, found.id)).map(presentDocument)
    },

    async upload(user: AuthUser, id: string, file: UploadedFile | undefined): Promise<ChatDocument> {
      const found = await writable(id, user)
      if (!file) throw badRequest('validation_error', 'file is required.')
      await assertStorageRoom(db, user.id, config.uploadQuotaBytes)
      const clean = await cleanDocument(file.body)
      const staged = await stageFiles(stagingFor(config, db, privateStore, 'private'), user.id, [clean])
      const { fileName: storedName, sizeBytes } = staged.files[0]!
      const ext = storedName.slice(storedName.lastIndexOf('.'))
      let fileName = sanitizeFileName(file.fileName, `document${ext}`)
      // The saved name must not promise another type (an 'invoice.html' that is a PDF): its extension is ours.
      const lower = fileName.toLowerCase()
      if (!lower.endsWith(ext) && !(ext === '.jpg' && lower.endsWith('.jpeg'))) fileName = `${fileName}${ext}`
      const row = await storeWithFiles(db, staged, (tx) =>
        insertDocument(tx, {
          sessionId: found.id,
          uploaderId: user.id,
          storedName,
          fileName,
          contentType: clean.mime,
          sizeBytes,
          uploadedAt: clock(),
        }),
      )
      return presentDocument(row)
    },

    async download(user: AuthUser, id: string, documentId: number) {
      const found = await readable(id, user)
      const row = await findDocument(db, found.id, documentId)
      const file = row && (await privateStore.get(row.storedName))
      if (!row || !file) throw notFound('File not found.')
      return { body: file.body, mime: row.contentType, fileName: row.fileName }
    },
  }
}
