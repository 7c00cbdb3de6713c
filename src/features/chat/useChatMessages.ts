// Messages of one chat, polled every 10 s with ?after= the newest id; 403 leaves for /unauthorized.
import { useSetAtom } from 'jotai'
import { useCallback, useEffect, useRef } from 'react'
import { useNavigate } from 'react-router-dom'
import { errorText, hasCode } from '../../lib/error-text'
import { fetchMessages, sendMessage, type ChatMessage } from '../../lib/airdrops.api'
import { useLoad } from '../../lib/use-load'
import { authApi } from '../../state/api'
import { pushToastAtom } from '../../state/toast.atoms'
import { CHAT_POLL_MS, CHAT_TEXT } from './chat-rules'

/** New messages join the known ones once each, oldest first. */
const mergeMessages = (held: ChatMessage[], incoming: ChatMessage[]) => {
  const known = new Set(held.map((m) => m.id))
  return [...held, ...incoming.filter((m) => !known.has(m.id))].sort((a, b) => a.id - b.id)
}

export function useChatMessages(session: string) {
  const toast = useSetAtom(pushToastAtom)
  const navigate = useNavigate()
  const loaded = useLoad(
    (signal, previous) => fetchMessages(authApi, session, previous?.at(-1)?.id, signal),
    `chat-${session}`,
    { refreshMs: CHAT_POLL_MS, merge: mergeMessages },
  )
  const { error, setData } = loaded
  const forbidden = hasCode(error, 'forbidden')
  // One toast per run of failures: the poll goes on every 10 s and would repeat it.
  const told = useRef(false)

  useEffect(() => {
    if (!error) {
      told.current = false
      return
    }
    if (forbidden) {
      toast({ kind: 'error', text: CHAT_TEXT.notAuthorized })
      navigate('/unauthorized', { replace: true })
      return
    }
    if (told.current) return
    told.current = true
    toast({
      kind: 'error',
      text: hasCode(error, 'not_found') ? errorText(error, CHAT_TEXT.loadMessages) : CHAT_TEXT.loadMessages,
    })
  }, [error, forbidden, navigate, toast])

  /** Sends one message and shows it; throws when it is not sent (the composer says so). */
  const send = useCallback(
    async (text: string) => {
      const sent = await sendMessage(authApi, session, text)
      setData((held) => mergeMessages(held ?? [], [sent]))
    },
    [session, setData],
  )

  // A failed first load shows the empty room (with the toast), not a skeleton forever; 403 is leaving.
  return { messages: loaded.data ?? (error && !forbidden ? [] : null), send }
}
