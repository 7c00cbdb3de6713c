// A private image (KYC ID) loaded through its authenticated endpoint as a blob URL, never a public path.
import { useStore } from 'jotai'
import { useEffect, useState } from 'react'
import { fetchMyKyc, fetchPrivateFile } from '../../lib/airdrops.api'
import { authApi } from '../../state/api'
import { tokenAtom } from '../../state/auth.atoms'
import styles from './Admin.module.css'

export function PrivateImage({ url, alt }: { url: string; alt: string }) {
  const store = useStore()
  const [src, setSrc] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    let objectUrl: string | null = null
    fetchPrivateFile(
      url,
      () => store.get(tokenAtom),
      () => fetchMyKyc(authApi),
    ).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob)
        if (live) setSrc(objectUrl)
      },
      (error: unknown) => {
        console.warn('private image', error)
        if (live) setFailed(true)
      },
    )
    return () => {
      live = false
      if (objectUrl) URL.revokeObjectURL(objectUrl)
    }
  }, [store, url])
  if (failed) return <div className={styles.imageMissing}>The ID image could not be loaded.</div>
  if (!src) return <div className={styles.imageLoading} aria-label="Loading ID image" />
  return (
    <a href={src} target="_blank" rel="noopener noreferrer" title="Open full size">
      <img className={styles.image} src={src} alt={alt} />
    </a>
  )
}
