// Chat between an investor and a campaign owner, opened by an approved investment intent.
// Only the two participants and admins may read it; only the participants may write.
import { Type, type Static } from 'typebox'
import { Id, MAX_ID } from './common'

export const SessionParams = Type.Object({ session: Type.String({ maxLength: 64 }) })
export type SessionParams = Static<typeof SessionParams>

export const DocumentParams = Type.Object({
  session: Type.String({ maxLength: 64 }),
  id: Id,
})
export type DocumentParams = Static<typeof DocumentParams>

export const MessagesQuery = Type.Object({
  after: Type.Optional(
    Type.Integer({ minimum: 0, maximum: MAX_ID, description: 'only messages with a greater id' }),
  ),
})
export type MessagesQuery = Static<typeof MessagesQuery>

export const ChatMessage = Type.Object({
  id: Type.Integer(),
  /** 'Developer' = the campaign owner */
  sender_role: Type.Union([Type.Literal('Developer'), Type.Literal('Investor')]),
  sender_fullname: Type.Union([Type.String(), Type.Null()], { description: 'from approved KYC' }),
  sender_email: Type.String(),
  message: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
})
export type ChatMessage = Static<typeof ChatMessage>

/** Who a chat is between, and about what: its page's header names the campaign and the other party. */
export const ChatAbout = Type.Object({
  campaign_id: Type.Integer(),
  project_name: Type.String(),
  /** full names from approved KYC */
  developer_name: Type.Union([Type.String(), Type.Null()]),
  investor_name: Type.Union([Type.String(), Type.Null()]),
  /** the reader's side; null for an admin reading it */
  your_role: Type.Union([Type.Literal('Developer'), Type.Literal('Investor'), Type.Null()]),
})
export type ChatAbout = Static<typeof ChatAbout>

export const SendMessageRequest = Type.Object({ message: Type.String({ maxLength: 20_000 }) })
export type SendMessageRequest = Static<typeof SendMessageRequest>

export const MarkReadRequest = Type.Object({
  last_message_id: Type.Integer({
    minimum: 0,
    maximum: MAX_ID,
    description: 'the newest message the reader has seen; the marker never moves back',
  }),
})
export type MarkReadRequest = Static<typeof MarkReadRequest>

/** The signed-in user's unread messages: sent by the other party after the user's read marker, per chat. */
export const ChatUnread = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  /** only chats with unread messages; the newest unread message's chat first */
  sessions: Type.Array(
    Type.Object({
      session_id: Type.String(),
      unread: Type.Integer({ minimum: 1 }),
      /** the reader's side: 'Developer' chats are reached from My Campaigns, 'Investor' ones from the investor
       * dashboard */
      your_role: Type.Union([Type.Literal('Developer'), Type.Literal('Investor')]),
    }),
  ),
})
export type ChatUnread = Static<typeof ChatUnread>

export const ChatDocument = Type.Object({
  id: Type.Integer(),
  file: Type.String({ description: 'URL of the authenticated download' }),
  file_name: Type.String(),
  uploaded_at: Type.String({ format: 'date-time' }),
})
export type ChatDocument = Static<typeof ChatDocument>
