// One update in the timeline: when, the text, its photos (each a link to the full image), and for the owner or an
// admin a Remove that asks first.
import { useSetAtom } from 'jotai'
import { useState } from 'react'
import { buttonClass } from '../../../components/button'
import { ConfirmModal } from '../../../components/ConfirmModal'
import { srcSetOf } from '../../../components/proof-image-slots'
import { RelativeTime } from '../../../components/RelativeTime'
import { deleteUpdate, type EmergencyUpdate } from '../../../lib/updates.api'
import { authApi } from '../../../state/api'
import { pushToastAtom } from '../../../state/toast.atoms'
import { useSubmit } from '../../../state/use-submit'
import { UPDATE_TEXT } from './update-form'
import styles from './Updates.module.css'

/** One photo spans the timeline's column; more sit two to a row (Updates.module.css). */
const photoSizes = (count: number) =>
  count === 1 ? '(min-width: 960px) 640px, 100vw' : '(min-width: 960px) 320px, 50vw'

export function UpdateEntry({
  update,
  removable,
  onRemoved,
}: {
  update: EmergencyUpdate
  removable: boolean
  onRemoved: () => void
}) {
  const count = update.images.length
  return (
    <li className={styles.entry}>
      <div className={styles.entryHead}>
        <RelativeTime iso={update.created_at} className={styles.time} />
        {removable && <RemoveUpdate update={update} onRemoved={onRemoved} />}
      </div>
      <p className={styles.text}>{update.text}</p>
      {count > 0 && (
        <ul className={count === 1 ? styles.photo : styles.photos}>
          {update.images.map((image, i) => (
            <li key={image.id}>
              <a className={styles.photoLink} href={image.image} target="_blank" rel="noopener">
                <img
                  src={image.image}
                  srcSet={srcSetOf(image)}
                  sizes={photoSizes(count)}
                  loading="lazy"
                  alt={`Photo ${i + 1} of ${count} of this update`}
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}

function RemoveUpdate({ update, onRemoved }: { update: EmergencyUpdate; onRemoved: () => void }) {
  const toast = useSetAtom(pushToastAtom)
  const [open, setOpen] = useState(false)
  const { busy, submit } = useSubmit()

  const remove = async () => {
    const outcome = await submit(() => deleteUpdate(authApi, update.emergency_id, update.id), {
      failed: UPDATE_TEXT.removeFailed,
      formless: true,
    })
    if (!outcome?.ok) return
    toast({ kind: 'success', text: UPDATE_TEXT.removed })
    setOpen(false)
    onRemoved()
  }

  return (
    <>
      <button
        type="button"
        className={`${buttonClass('ghost')} ${styles.remove}`}
        onClick={() => setOpen(true)}
      >
        Remove
      </button>
      <ConfirmModal
        title="Remove this update?"
        open={open}
        onClose={() => setOpen(false)}
        choices={[
          {
            label: busy ? 'Removing…' : 'Yes, Remove',
            variant: 'primary',
            className: styles.removeFill,
            onClick: () => void remove(),
            disabled: busy,
          },
          { label: 'Cancel', onClick: () => setOpen(false) },
        ]}
      >
        It leaves this page for everyone, with its photos. A notification already sent stays on people’s
        devices.
      </ConfirmModal>
    </>
  )
}
