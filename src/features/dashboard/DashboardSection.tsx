// One section of My Dashboard: its heading, then skeleton rows while its list loads, its empty text (or, offline,
// that the list could not load), or the list; a pager under it when it is paged. Load failures are not toasted on
// the dashboard, only logged by the loader.
import type { ReactNode } from 'react'
import { ListEmpty } from '../../components/ListEmpty'
import { Pagination, pageCountOf } from '../../components/Pagination'
import { SkeletonList } from '../../components/Skeleton'
import styles from './Dashboard.module.css'

export function DashboardSection<T>(props: {
  id: string
  title: string
  /** beside the heading (e.g. a download button) */
  actions?: ReactNode
  /** null while loading */
  items: T[] | null
  failed: boolean
  empty: { text: string; className?: string }
  /** the list's class, used by its skeleton too: rows unless said (cards) */
  listClassName?: string
  skeleton: { count: number; height: number }
  /** one `<li>` per item */
  item: (item: T) => ReactNode
  /** under the list and its pager (e.g. a form that adds to it) */
  after?: ReactNode
  /** a paged list: the page shown, the whole list's count and its page size */
  paging?: { page: number; count: number; pageSize: number; onPage: (page: number) => void }
}) {
  const { id, title, items, paging } = props
  const listClassName = props.listClassName ?? styles.rows
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.sectionHead}>
        <h2 id={id}>{title}</h2>
        {props.actions}
      </div>
      {items === null ? (
        <SkeletonList
          className={listClassName}
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
        <ul className={listClassName}>{items.map(props.item)}</ul>
      )}
      {paging && (
        <Pagination
          page={paging.page}
          pageCount={pageCountOf(paging.count, paging.pageSize)}
          onPage={paging.onPage}
          label={`${title[0]}${title.slice(1).toLowerCase()} pages`}
        />
      )}
      {props.after}
    </section>
  )
}
