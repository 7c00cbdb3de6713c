// Messages of one chat, polled every 10 s with ?after= the newest id; 403 leaves for /unauthorized.
import { useSetAtom } from 'jotai'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { ApiError } from '../../lib/api-client'
import { fetchMessages, sendMessage, type ChatMessage } from '../../lib/airdrops.api'
import { authApi } from '../../state/api'
import { pushToastAtom } from '../../state/toast.atoms'
import { CHAT_POLL_MS, CHAT_TEXT } from './chat-rules'

export function useChatMessages(session: string) {
  const toast = useSetAtom(pushToastAtom)
  const navigate = useNavigate()
  const [messages, setMessages] = useState<ChatMessage[] | null>(null)
  const lastId = useRef<number | undefined>(undefined)
  const failedOnce = useRef(false)
  // The poll reads these through a ref so that the effect depends on the session alone.
  const effects = useRef({ toast, navigate })
  effects.current = { toast, navigate }

  const merge = useCallback((incoming: ChatMessage[]) => {
    if (incoming.length === 0) return setMessages((current) => current ?? [])
    setMessages((current) => {
      const known = new Set((current ?? []).map((m) => m.id))
      const next = [...(current ?? []), ...incoming.filter((m) => !known.has(m.id))].sort(
        (a, b) => a.id - b.id,
      )
      lastId.current = next.at(-1)?.id
      return next
    })
  }, [])

  const poll = useCallback(async () => {
    try {
      merge(await fetchMessages(authApi, session, lastId.current))
      failedOnce.current = false
    } catch (caught) {
      const { toast, navigate } = effects.current
      if (caught instanceof ApiError && caught.status === 403) {
        toast({ kind: 'error', text: CHAT_TEXT.notAuthorized })
        navigate('/unauthorized', { replace: true })
        return
      }
      console.warn('chat messages', caught)
      if (!failedOnce.current)
        toast({
          kind: 'error',
          text: caught instanceof ApiError && caught.status === 404 ? caught.message : CHAT_TEXT.loadMessages,
        })
      failedOnce.current = true
      setMessages((current) => current ?? [])
    }
  }, [merge, session])

  useEffect(() => {
    lastId.current = undefined
    setMessages(null)
    void poll()
    const timer = window.setInterval(() => void poll(), CHAT_POLL_MS)
    return () => window.clearInterval(timer)
  }, [poll])

  const send = useCallback(
    async (text: string) => {
      try {
        merge([await sendMessage(authApi, session, text)])
        return true
      } catch (caught) {
        console.warn('chat send', caught)
        toast({ kind: 'error', text: CHAT_TEXT.send })
        return false
      }
    },
    [merge, session, toast],
  )

  return { messages, send }
}
