// The owner's "Post an update": text (1–5,000 characters, counted as typed) and up to 4 photos with the proof
// images' picker and rules. Reached from the dashboard by /donate/{id}#post-update, which brings it into view.
// Loaded only for the owner (UpdatesSection): a visitor's first screen does not carry it.
import { useSetAtom } from 'jotai'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useLocation } from 'react-router-dom'
import { buttonClass } from '../../../components/button'
import { TextArea } from '../../../components/TextArea'
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
import { useSubmit } from '../../../state/use-submit'
import { ImagePicker } from '../../../components/ImagePicker'
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
  const { busy, failure, setFailure, submit: send } = useSubmit()
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
    if (found) return setFailure(found)
    const outcome = await send(() => postUpdate(authApi, emergencyId, updateForm(text, files)), {
      failed: UPDATE_TEXT.postFailed,
    })
    if (!outcome?.ok) return
    toast({ kind: 'success', text: UPDATE_TEXT.posted })
    setText('')
    setFiles([])
    onPosted(outcome.value)
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
      {failure && (
        <p className={styles.problem} role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className={buttonClass('primary', { block: true })} disabled={busy}>
        {busy ? 'Posting…' : 'Post update'}
      </button>
    </form>
  )
}
