// Images for an upload, with the proof images' rules (JPEG, PNG or WebP, the upload limit): the kept ones (edit)
// with a remove button that queues their id for delete_images, and new files with previews. A file over the upload
// limit is refused when it is picked, by name (issue 29: not after the whole form has travelled). Proof images on
// the emergency's form; an update's photos (`label`, `max`).
import { useEffect, useMemo, useState } from 'react'
import type { ProofImage } from '../../../api-contract/emergencies'
import { uploadLimitText, uploadTooLarge } from '../../lib/upload-limit'
import { useConfig } from '../../state/config'
import styles from './EmergencyForm.module.css'

export function ImagePicker({
  kept = [],
  files,
  onRemoveKept,
  onFiles,
  label = 'Add proof images',
  max,
}: {
  kept?: ProofImage[]
  files: File[]
  onRemoveKept?: (id: number) => void
  onFiles: (files: File[]) => void
  label?: string
  /** At most this many images in all: the picker closes once they are there. */
  max?: number
}) {
  const full = max !== undefined && kept.length + files.length >= max
  const maxBytes = useConfig()?.max_upload_bytes
  const [refused, setRefused] = useState<string[]>([])
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files])
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews])

  return (
    <div className={styles.images}>
      <label className={full ? `${styles.drop} ${styles.dropFull}` : styles.drop}>
        <span>{label}</span>
        <span className={styles.hint}>
          {max !== undefined ? `Up to ${max}: ` : ''}JPEG, PNG or WebP
          {maxBytes ? `, up to ${uploadLimitText(maxBytes)} each` : ''}
        </span>
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          disabled={full}
          onChange={(event) => {
            const picked = Array.from(event.target.files ?? [])
            const tooLarge = (file: File) => uploadTooLarge(file, maxBytes ?? null)
            setRefused(picked.flatMap((file) => (tooLarge(file) ? [`${file.name}: ${tooLarge(file)}`] : [])))
            onFiles([...files, ...picked.filter((file) => !tooLarge(file))])
            event.target.value = ''
          }}
        />
      </label>
      {refused.length > 0 && (
        <ul role="alert" className={styles.refused}>
          {refused.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
      {(kept.length > 0 || files.length > 0) && (
        <ul className={styles.thumbs} aria-label="Chosen images">
          {kept.map((image, i) => (
            <li key={`kept-${image.id}`}>
              <img src={image.image} alt={`Current proof image ${i + 1}`} />
              <button
                type="button"
                onClick={() => onRemoveKept?.(image.id)}
                aria-label={`Remove current image ${i + 1}`}
              >
                ×
              </button>
            </li>
          ))}
          {files.map((file, i) => (
            <li key={`new-${i}-${file.name}`}>
              <img src={previews[i]} alt={`New image ${file.name}`} />
              <button
                type="button"
                onClick={() => onFiles(files.filter((_, j) => j !== i))}
                aria-label={`Remove new image ${file.name}`}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
