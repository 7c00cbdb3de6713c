// The owner's "Post an update": text (1–5,000 characters, counted as typed) and up to 4 photos with the proof
// images' picker and rules. Reached from the dashboard by /donate/{id}#post-update, which brings it into view.
// Loaded only for the owner (UpdatesSection): a visitor's first screen does not carry it.
import { useSetAtom } from 'jotai'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useLocation } from 'react-router-dom'
import { buttonClass } from '../../../components/button'
import { TextArea } from '../../../components/TextArea'
import { errorText } from '../../../lib/error-text'
import {
  type EmergencyUpdate,
  POST_UPDATE_ANCHOR,
  postUpdate,
  UPDATE_IMAGES_MAX,
  UPDATE_TEXT_MAX,
} from '../../../lib/updates.api'
import { authApi } from '../../../state/api'
import { useConfig } from '../../../state/config'
import { pushToastAtom } from '../../../state/toast.atoms'
import { ImagePicker } from '../ImagePicker'
import { UPDATE_TEXT, updateForm, updateProblem } from './update-form'
import styles from './Updates.module.css'

export default function PostUpdateForm({
  emergencyId,
  onPosted,
}: {
  emergencyId: number
  onPosted: (update: EmergencyUpdate) => void
}) {
  const id = useId()
  const toast = useSetAtom(pushToastAtom)
  const maxBytes = useConfig()?.max_upload_bytes ?? null
  const [text, setText] = useState('')
  const [files, setFiles] = useState<File[]>([])
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const form = useRef<HTMLFormElement>(null)
  const { hash } = useLocation()

  useEffect(() => {
    if (hash !== `#${POST_UPDATE_ANCHOR}`) return
    form.current?.scrollIntoView({ block: 'start' })
    form.current?.querySelector('textarea')?.focus({ preventScroll: true })
  }, [hash])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = updateProblem(text, files, maxBytes)
    setProblem(found)
    if (found) return
    setBusy(true)
    try {
      const posted = await postUpdate(authApi, emergencyId, updateForm(text, files))
      toast({ kind: 'success', text: UPDATE_TEXT.posted })
      setText('')
      setFiles([])
      onPosted(posted)
    } catch (error) {
      console.warn('update not posted', error)
      const said = errorText(error, UPDATE_TEXT.postFailed)
      toast({ kind: 'error', text: said })
      setProblem(said)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      id={POST_UPDATE_ANCHOR}
      ref={form}
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className={styles.formTitle}>
        Post an update
      </h3>
      <p className={styles.hint}>Followers of this emergency get a notification.</p>
      <div className={styles.field}>
        <TextArea
          label="What’s new?"
          value={text}
          onChange={setText}
          rows={4}
          maxLength={UPDATE_TEXT_MAX}
          aria-describedby={`${id}-count`}
        />
        <p id={`${id}-count`} className={styles.counter}>
          {text.length.toLocaleString('en-US')} / {UPDATE_TEXT_MAX.toLocaleString('en-US')}
        </p>
      </div>
      <ImagePicker label="Add photos" files={files} onFiles={setFiles} max={UPDATE_IMAGES_MAX} />
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className={buttonClass('primary', { block: true })} disabled={busy}>
        {busy ? 'Posting…' : 'Post update'}
      </button>
    </form>
  )
}
