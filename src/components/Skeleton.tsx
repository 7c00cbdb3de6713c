import styles from './Skeleton.module.css'

/** Shimmer blocks of the final size while a list loads (decision 003: skeletons, never spinners). */
export function SkeletonList({ count, height = 220, label }: { count: number; height?: number; label: string }) {
  return (
    <div className={styles.list} aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={styles.block} style={{ minHeight: height }} />
      ))}
    </div>
  )
}

export function SkeletonBlock({ height = 24 }: { height?: number }) {
  return <div className={styles.block} style={{ minHeight: height }} aria-hidden="true" />
}
