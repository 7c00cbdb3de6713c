// The chat's documents: list, authenticated download (bearer → blob → save), and the upload box (≤ the
// server's upload limit).
import { useSetAtom, useStore } from 'jotai'
import { useId, useRef, useState, type FormEvent } from 'react'
import { buttonClass } from '../../components/button'
import ui from '../../components/Ui.module.css'
import { SkeletonList } from '../../components/Skeleton'
import {
  fetchMessages,
  fetchPrivateFile,
  listDocuments,
  uploadDocument,
  type ChatDocument,
} from '../../lib/airdrops.api'
import { authApi } from '../../state/api'
import { tokenAtom } from '../../state/auth.atoms'
import { pushToastAtom } from '../../state/toast.atoms'
import { useSubmit } from '../../state/use-submit'
import { CHAT_TEXT, uploadProblem } from './chat-rules'
import styles from './Chat.module.css'
import { useLoad } from '../../lib/use-load'
import { uploadLimitText } from '../../lib/upload-limit'
import { useConfig } from '../../state/config'

export function ChatDocuments({ session }: { session: string }) {
  const id = useId()
  const store = useStore()
  const toast = useSetAtom(pushToastAtom)
  const maxBytes = useConfig()?.max_upload_bytes ?? null
  const docs = useLoad((signal) => listDocuments(authApi, session, signal), `docs-${session}`)
  const [file, setFile] = useState<File | null>(null)
  const { busy, failure: problem, setFailure: setProblem, submit } = useSubmit()
  const input = useRef<HTMLInputElement>(null)

  const upload = async (event: FormEvent) => {
    event.preventDefault()
    if (!file) return setProblem('Choose a file first.')
    const reason = uploadProblem(file, maxBytes)
    if (reason) {
      setProblem(reason)
      toast({ kind: 'error', text: reason })
      return
    }
    const outcome = await submit(() => uploadDocument(authApi, session, file), { failed: CHAT_TEXT.upload })
    if (!outcome?.ok) return
    docs.setData([...(docs.data ?? []), outcome.value])
    setFile(null)
    if (input.current) input.current.value = ''
    toast({ kind: 'success', text: 'Document uploaded.' })
  }

  const download = async (doc: ChatDocument) => {
    try {
      const blob = await fetchPrivateFile(
        doc.file,
        () => store.get(tokenAtom),
        () => fetchMessages(authApi, session, 1e12),
      )
      const url = URL.createObjectURL(blob)
      const link = document.createElement('a')
      link.href = url
      link.download = doc.file_name
      document.body.append(link)
      link.click()
      link.remove()
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000)
    } catch (caught) {
      console.warn('download', caught)
      toast({ kind: 'error', text: 'Download failed' })
    }
  }

  return (
    <div className={styles.docs}>
      {docs.loading ? (
        <SkeletonList count={2} height={44} label="Loading documents" />
      ) : docs.error ? (
        <p className={ui.alert}>{CHAT_TEXT.loadDocuments}</p>
      ) : (docs.data ?? []).length === 0 ? (
        <p className={ui.muted}>No documents yet.</p>
      ) : (
        <ul className={styles.docList}>
          {(docs.data ?? []).map((doc) => (
            <li key={doc.id}>
              <button type="button" className={styles.docButton} onClick={() => void download(doc)}>
                <span className={styles.docName}>{doc.file_name}</span>
                <span className={ui.hint}>{new Date(doc.uploaded_at).toLocaleString()}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className={ui.form} onSubmit={upload} noValidate aria-label="Document upload">
        <div className={ui.field}>
          <label htmlFor={`${id}-file`}>Upload a document</label>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept="application/pdf,image/png,image/jpeg,image/webp"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null
              setFile(chosen)
              setProblem(chosen ? uploadProblem(chosen, maxBytes) : null)
            }}
          />
          <span className={ui.hint}>
            PDF, PNG, JPEG or WebP{maxBytes ? `, up to ${uploadLimitText(maxBytes)}` : ''}.
          </span>
          {problem && (
            <span className={ui.fieldError} role="alert">
              {problem}
            </span>
          )}
        </div>
        <button type="submit" className={buttonClass('secondary', { block: true })} disabled={busy}>
          {busy ? 'Uploading…' : 'Upload'}
        </button>
      </form>
    </div>
  )
}
