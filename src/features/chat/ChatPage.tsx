// /chat/:session_id: the campaign and the other party in its header, messages polled every 10 s (each one shown
// marks the room read, clearing its unread badge), a send box (Enter is a new line, as on a phone's keyboard; Send
// or Ctrl/⌘+Enter sends), and the documents (a modal on phones).
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link, useParams } from 'react-router-dom'
import { buttonClass } from '../../components/button'
import { Modal } from '../../components/Modal'
import page from '../../components/Page.module.css'
import ui from '../../components/Ui.module.css'
import { SkeletonList } from '../../components/Skeleton'
import { fetchChatAbout } from '../../lib/airdrops.api'
import { useLoad } from '../../lib/use-load'
import { useMediaQuery } from '../../lib/use-media-query'
import { authApi } from '../../state/api'
import { useReadChat } from '../../state/chat-unread'
import { useCurrentUser } from '../../state/use-current-user'
import { useSubmit } from '../../state/use-submit'
import { ChatDocuments } from './ChatDocuments'
import { CHAT_TEXT, chatWith, messageToSend } from './chat-rules'
import { useChatMessages } from './useChatMessages'
import styles from './Chat.module.css'

const WIDE = '(min-width: 900px)'

export default function ChatPage() {
  const { session_id: session = '' } = useParams()
  const user = useCurrentUser()
  const wide = useMediaQuery(WIDE)
  const { messages, send } = useChatMessages(session)
  const about = useLoad((signal) => fetchChatAbout(authApi, session, signal), `chat-about-${session}`).data
  useReadChat(session, messages?.at(-1)?.id, Boolean(about?.your_role))
  const [draft, setDraft] = useState('')
  const { busy: sending, submit: run } = useSubmit()
  const [filesOpen, setFilesOpen] = useState(false)
  const end = useRef<HTMLDivElement>(null)

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' })
  }, [messages?.length])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const text = messageToSend(draft)
    if (!text) return
    const outcome = await run(() => send(text), { failed: CHAT_TEXT.send, formless: true })
    if (outcome?.ok) setDraft('')
  }

  return (
    <main className={`${page.page} ${styles.layout}`}>
      <section className={styles.room} aria-labelledby="chat-heading">
        <header className={styles.head}>
          <div>
            <span className={page.eyebrow}>Private chat</span>
            <h1 id="chat-heading" className={styles.title}>
              {about ? (
                <Link to={`/airdrops/view/${about.campaign_id}`}>{about.project_name}</Link>
              ) : (
                'Investor and developer'
              )}
            </h1>
            {about && <p className={styles.with}>{chatWith(about)}</p>}
          </div>
          {!wide && (
            <button type="button" className={buttonClass('secondary')} onClick={() => setFilesOpen(true)}>
              Files
            </button>
          )}
        </header>
        <div className={styles.messages} role="log" aria-label="Messages" aria-live="polite">
          {messages === null ? (
            <SkeletonList count={3} height={56} label="Loading messages" />
          ) : messages.length === 0 ? (
            <p className={ui.muted}>No messages yet. Say hello.</p>
          ) : (
            messages.map((message) => {
              const mine = user?.email === message.sender_email
              return (
                <article key={message.id} className={mine ? styles.mine : styles.theirs}>
                  <header className={styles.sender}>
                    <strong>{mine ? 'You' : (message.sender_fullname ?? message.sender_email)}</strong>
                    <span className={styles.role}>{message.sender_role}</span>
                  </header>
                  <p className={styles.text}>{message.message}</p>
                  <time className={styles.time} dateTime={message.created_at}>
                    {new Date(message.created_at).toLocaleString()}
                  </time>
                </article>
              )
            })
          )}
          <div ref={end} />
        </div>
        <form className={styles.sendBox} onSubmit={submit} aria-label="Send a message">
          <label htmlFor="chat-draft" className="visually-hidden">
            Message
          </label>
          <textarea
            id="chat-draft"
            rows={2}
            maxLength={4000}
            placeholder="Write a message…"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit(event)
            }}
          />
          <button
            type="submit"
            className={buttonClass('primary')}
            disabled={!messageToSend(draft) || sending}
          >
            Send
          </button>
        </form>
        <p className={ui.hint}>
          New messages appear every 10 seconds. <Link to="/investor/dashboard">Investor dashboard</Link> ·{' '}
          <Link to="/airdrop/my">My campaigns</Link>
        </p>
      </section>
      {wide ? (
        <aside className={`${page.card} ${styles.aside}`} aria-labelledby="docs-heading">
          <h2 id="docs-heading">Documents</h2>
          <ChatDocuments session={session} />
        </aside>
      ) : (
        <Modal title="Documents" open={filesOpen} onClose={() => setFilesOpen(false)}>
          <ChatDocuments session={session} />
        </Modal>
      )}
    </main>
  )
}
