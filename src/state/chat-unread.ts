// The signed-in user's unread chat messages (sent by the other party after the user's read marker), read once for
// the whole app: the account chip and the Account tab, the account sheet's My Campaigns and Investor Dashboard, the
// badge beside each chat link. Read again when the app takes a page, when the tab shows again and every 30 s while
// it shows (useLoad does not poll a hidden tab). The chat page marks its room read, and while a room is open its
// messages never count. Polled, not pushed: the live stream (/api/live/donations/) is public and anonymous, and a
// chat's news is one person's (docs/interfaces.md, 'Unread chat messages').
import { atom, useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router-dom'
import type { ChatUnread } from '../../api-contract/chat'
import { fetchChatUnread, markChatRead } from '../lib/airdrops.api'
import { authApi } from './api'
import { useSignedInLoad } from './use-signed-in-load'

export const CHAT_UNREAD_REFRESH_MS = 30_000

const NONE: ChatUnread = { count: 0, sessions: [] }

/** What the server said last. */
const heldAtom = atom<ChatUnread>(NONE)
/** The chat room on screen: its messages are being read. */
const openChatAtom = atom<string | null>(null)

/** The unread messages the app shows: the open room's are read already. */
export const chatUnreadAtom = atom<ChatUnread>((get) => {
  const open = get(openChatAtom)
  const sessions = get(heldAtom).sessions.filter((chat) => chat.session_id !== open)
  return { count: sessions.reduce((sum, chat) => sum + chat.unread, 0), sessions }
})

export const useChatUnread = () => useAtomValue(chatUnreadAtom)

/** A chat's unread messages (0 when all are read). */
export const unreadIn = (unread: ChatUnread, session: string | null | undefined) =>
  unread.sessions.find((chat) => chat.session_id === session)?.unread ?? 0

/** The unread messages of the chats where the user is on one side: 'Developer' (their campaigns) or 'Investor'. */
export const unreadAs = (unread: ChatUnread, role: ChatUnread['sessions'][number]['your_role']) =>
  unread.sessions.reduce((sum, chat) => sum + (chat.your_role === role ? chat.unread : 0), 0)

export const unreadMessagesText = (count: number) =>
  count === 1 ? '1 unread message' : `${count} unread messages`

/** Keeps the count (mounted once, by the account chip, whenever the user is signed in). */
export function useChatUnreadLoader(): void {
  const setHeld = useSetAtom(heldAtom)
  const { key } = useLocation()
  const { data, reload } = useSignedInLoad(
    (signal) => fetchChatUnread(authApi, signal),
    'chat-unread',
    CHAT_UNREAD_REFRESH_MS,
  )
  // Every page the app takes after the first (whose load is the first read).
  const firstPage = useRef(key)
  useEffect(() => {
    if (key !== firstPage.current) reload()
  }, [key, reload])
  useEffect(() => setHeld(data ?? NONE), [data, setHeld])
}

/**
 * The chat page: while it shows, its room counts as read, and a participant's marker follows the newest message
 * shown (an admin reading keeps none).
 */
export function useReadChat(session: string, newestId: number | undefined, participant: boolean): void {
  const setOpen = useSetAtom(openChatAtom)
  const setHeld = useSetAtom(heldAtom)
  useEffect(() => {
    setOpen(session)
    return () => setOpen(null)
  }, [session, setOpen])
  useEffect(() => {
    if (!participant || newestId === undefined) return
    markChatRead(authApi, session, newestId).then(setHeld, (caught: unknown) =>
      console.warn('chat read', caught),
    )
  }, [session, newestId, participant, setHeld])
}
