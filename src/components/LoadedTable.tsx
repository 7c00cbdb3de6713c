// A loaded page of rows as a stacked table: skeleton while loading, an alert on failure, a note when empty.
import type { ReactNode } from 'react'
import table from './Table.module.css'
import ui from './Ui.module.css'
import { SkeletonList } from './Skeleton'
import type { Loaded } from '../lib/use-load'

export interface Column {
  label: string
  num?: boolean
}

export function LoadedTable<T>(props: {
  list: Pick<Loaded<{ results: T[] }>, 'data' | 'error' | 'loading'>
  loading: { count: number; label: string }
  failed: string
  empty: string
  caption?: string
  columns: Column[]
  row: (item: T) => ReactNode
}) {
  const { list } = props
  if (list.loading)
    return <SkeletonList count={props.loading.count} height={56} label={props.loading.label} />
  if (list.error)
    return (
      <p className={ui.alert} role="alert">
        {props.failed}
      </p>
    )
  if (!list.data || list.data.results.length === 0) return <p className={ui.empty}>{props.empty}</p>
  return (
    <div className={table.tableWrap}>
      <table className={`${table.table} ${table.stacked}`}>
        {props.caption && <caption className="visually-hidden">{props.caption}</caption>}
        <thead>
          <tr>
            {props.columns.map((column) => (
              <th key={column.label} scope="col" className={column.num ? ui.num : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{list.data.results.map(props.row)}</tbody>
      </table>
    </div>
  )
}
