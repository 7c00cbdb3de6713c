import styles from './Pagination.module.css'

/** Previous / page x of y / Next; buttons disabled at the ends. Hidden when there is a single page. */
export function Pagination({
  page,
  pageCount,
  onPage,
  label = 'Pagination',
}: {
  page: number
  pageCount: number
  onPage: (page: number) => void
  label?: string
}) {
  if (pageCount <= 1) return null
  return (
    <nav className={styles.nav} aria-label={label}>
      <button type="button" className={styles.button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className={styles.status} aria-live="polite">
        Page {page} of {pageCount}
      </span>
      <button
        type="button"
        className={styles.button}
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  )
}

export const pageCountOf = (count: number, pageSize: number) => Math.max(1, Math.ceil(count / pageSize))
