// One section of My Dashboard: its heading, then skeleton rows while its list loads, its empty text (or, offline,
// that the list could not load), or the list; a pager under it when it has one. Load failures are not toasted on
// the dashboard, only logged by the loader.
import type { ReactNode } from 'react'
import { ListEmpty } from '../../components/ListEmpty'
import { SkeletonList } from '../../components/Skeleton'
import styles from './Dashboard.module.css'

export function DashboardSection<T>(props: {
  id: string
  title: string
  /** null while loading */
  items: T[] | null
  failed: boolean
  empty: { text: string; className?: string }
  /** the list's class (rows or cards), used by its skeleton too */
  listClassName: string | undefined
  skeleton: { count: number; height: number }
  /** one `<li>` per item */
  item: (item: T) => ReactNode
  pager?: ReactNode
}) {
  const { id, title, items } = props
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {items === null ? (
        <SkeletonList
          className={props.listClassName}
          count={props.skeleton.count}
          height={props.skeleton.height}
          label={`Loading ${title.toLowerCase()}`}
        />
      ) : items.length === 0 ? (
        <ListEmpty
          className={props.empty.className ?? styles.empty}
          text={props.empty.text}
          failed={props.failed}
        />
      ) : (
        <ul className={props.listClassName}>{items.map(props.item)}</ul>
      )}
      {props.pager}
    </section>
  )
}
