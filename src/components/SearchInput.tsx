// The search field above a list (explore, the public feed): a type="search" input named for screen readers.
import grid from './Grid.module.css'

export function SearchInput(props: {
  label: string
  placeholder: string
  value: string
  onChange: (value: string) => void
}) {
  return (
    <input
      type="search"
      className={grid.search}
      placeholder={props.placeholder}
      aria-label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
    />
  )
}
