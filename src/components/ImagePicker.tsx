// The one drop zone for images (issue 29): JPEG, PNG or WebP within the upload limit, previews with a remove
// button, and the kept ones of an edit (a remove button that queues their id for delete_images). A file over the
// limit is refused when it is picked, by name, not after the whole form has travelled. Proof images and an
// update's photos pick several (`max`); the KYC ID and a campaign's image pick one (`max` 1: a new pick replaces
// it), and the ID photo offers the phone's camera (`capture`).
import { useEffect, useMemo, useState } from 'react'
import type { ProofImage } from '../../api-contract/emergencies'
import { uploadLimitText, uploadTooLarge } from '../lib/upload-limit'
import { useConfig } from '../state/config'
import styles from './ImagePicker.module.css'

export function ImagePicker({
  kept = [],
  files,
  onRemoveKept,
  onFiles,
  label = 'Add proof images',
  max,
  capture,
  note,
  invalid = false,
}: {
  kept?: ProofImage[]
  files: File[]
  onRemoveKept?: (id: number) => void
  onFiles: (files: File[]) => void
  /** the zone's call to action, and the file input's name */
  label?: string
  /** At most this many images in all: the picker closes once they are there; 1 picks one, a new pick replaces it. */
  max?: number
  /** 'environment': phones offer the back camera as well as the library */
  capture?: 'environment' | 'user'
  /** said after the types and the limit (e.g. who sees the image) */
  note?: string
  /** the form refused what is there (a required image missing): the zone says so by its border */
  invalid?: boolean
}) {
  const single = max === 1
  const full = !single && max !== undefined && kept.length + files.length >= max
  const maxBytes = useConfig()?.max_upload_bytes
  const [refused, setRefused] = useState<string[]>([])
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files])
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews])

  const pick = (picked: File[]) => {
    const tooLarge = (file: File) => uploadTooLarge(file, maxBytes ?? null)
    setRefused(picked.flatMap((file) => (tooLarge(file) ? [`${file.name}: ${tooLarge(file)}`] : [])))
    const accepted = picked.filter((file) => !tooLarge(file))
    if (single) {
      if (accepted.length > 0) onFiles(accepted.slice(0, 1))
    } else onFiles([...files, ...accepted])
  }

  const zone = [styles.drop, full && styles.dropFull, invalid && styles.dropInvalid].filter(Boolean)
  return (
    <div className={styles.images}>
      <label className={zone.join(' ')}>
        <span>{label}</span>
        <span className={styles.hint}>
          {max !== undefined && !single ? `Up to ${max}: ` : ''}JPEG, PNG or WebP
          {maxBytes ? `, up to ${uploadLimitText(maxBytes)}${single ? '' : ' each'}` : ''}
          {note ? `. ${note}` : ''}
        </span>
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple={!single}
          capture={capture}
          disabled={full}
          aria-invalid={invalid || undefined}
          onChange={(event) => {
            pick(Array.from(event.target.files ?? []))
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
