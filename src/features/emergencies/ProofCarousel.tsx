// Proof images, one at a time, advancing every 5 s, paused while hovered or focused and under
// reduced motion; dots and arrows for manual control. The first image is on screen from the page's HTML: it does not
// fade in (it is the page's largest paint, and a fade would redraw it for 300 ms while the page loads); each image
// the carousel turns to does.
import { useEffect, useState } from 'react'
import type { ProofImage } from '../../../api-contract/emergencies'
import { CAROUSEL_SIZES, srcSetOf } from '../../components/proof-image-slots'
import { loadingOf } from '../../components/responsive-image'
import styles from './DonatePage.module.css'

export const CAROUSEL_INTERVAL_MS = 5000

export function ProofCarousel({ images, title }: { images: ProofImage[]; title: string }) {
  const [index, setIndex] = useState(0)
  const [paused, setPaused] = useState(false)
  const [turned, setTurned] = useState(false)
  const count = images.length
  const turn = (to: (current: number) => number) => {
    setTurned(true)
    setIndex(to)
  }

  useEffect(() => {
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    if (count < 2 || paused || reduced) return
    const timer = window.setInterval(() => turn((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS)
    return () => window.clearInterval(timer)
  }, [count, paused])

  if (count === 0) return <div className={styles.noImage}>No proof images</div>
  const current = images[index % count]
  return (
    <div
      className={styles.carousel}
      role="region"
      aria-roledescription="carousel"
      aria-label="Proof images"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {current && (
        <img
          key={current.id}
          src={current.image}
          srcSet={srcSetOf(current)}
          sizes={CAROUSEL_SIZES}
          {...loadingOf(index % count === 0)}
          alt={`Proof image ${(index % count) + 1} of ${count} for ${title}`}
          className={turned ? `${styles.slide} ${styles.turned}` : styles.slide}
        />
      )}
      {count > 1 && (
        <>
          <button
            type="button"
            className={`${styles.arrow} ${styles.prev}`}
            aria-label="Previous image"
            onClick={() => turn((i) => (i - 1 + count) % count)}
          >
            ‹
          </button>
          <button
            type="button"
            className={`${styles.arrow} ${styles.next}`}
            aria-label="Next image"
            onClick={() => turn((i) => (i + 1) % count)}
          >
            ›
          </button>
          <div className={styles.dots}>
            {images.map((image, i) => (
              <button
                key={image.id}
                type="button"
                className={i === index % count ? styles.dotActive : styles.dot}
                aria-label={`Show image ${i + 1}`}
                aria-current={i === index % count}
                onClick={() => turn(() => i)}
              />
            ))}
          </div>
        </>
      )}
    </div>
  )
}
