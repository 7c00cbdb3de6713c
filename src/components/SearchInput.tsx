// The search field above a list (explore, the public feed): a type="search" input named for screen readers.
import { useEffect, useRef } from 'react'
import grid from './Grid.module.css'

export function SearchInput(props: {
  label: string
  placeholder: string
  value: string
  onChange: (value: string) => void
}) {
  const field = useRef<HTMLInputElement>(null)
  const { value, onChange } = props
  // The server renders this field into /explore and /public: what a visitor types before the app takes the page
  // over is on screen but not in the app's state (hydration keeps the DOM as it is). The takeover counts it as typed.
  useEffect(() => {
    const onScreen = field.current?.value ?? ''
    if (onScreen !== value) onChange(onScreen)
    // Once, at the takeover: later the field and the state move together.
  }, [])
  return (
    <input
      ref={field}
      type="search"
      className={grid.search}
      placeholder={props.placeholder}
      aria-label={props.label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}
