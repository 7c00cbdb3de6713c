import styles from './Skeleton.module.css'

/** Shimmer blocks of the final size while a list loads (decision 003: skeletons, never spinners). */
export function SkeletonList({
  count,
  height = 220,
  label,
  className,
}: {
  count: number
  height?: number
  label: string
  /** The list's own layout (e.g. its grid), so the blocks sit where the cards will. */
  className?: string
}) {
  return (
    <div className={className ?? styles.list} aria-busy="true" aria-label={label} role="status">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={styles.block} style={{ minHeight: height }} />
      ))}
    </div>
  )
}

export function SkeletonBlock({ height = 24 }: { height?: number }) {
  return <div className={styles.block} style={{ minHeight: height }} aria-hidden="true" />
}
