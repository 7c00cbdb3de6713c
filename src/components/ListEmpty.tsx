// A list's empty text, or, when the list could not load because the device is offline, that it is offline
// (an offline /explore must not claim that nothing matched).
import type { ReactNode } from 'react'
import { useOnline } from '../lib/use-online'

export const OFFLINE_LIST_TEXT =
  'You are offline. This list is not saved on this device yet; it loads when you are back online.'

export function ListEmpty({
  text,
  failed,
  className,
  action,
}: {
  text: string
  failed: boolean
  className?: string
  /** What the visitor can do about the empty list (e.g. start the first fundraiser); not shown offline. */
  action?: ReactNode
}) {
  const online = useOnline()
  // Not a live region: the shell's offline banner already announces the change.
  if (failed && !online) return <p className={className}>{OFFLINE_LIST_TEXT}</p>
  if (!action) return <p className={className}>{text}</p>
  return (
    <div className={className}>
      <p>{text}</p>
      {action}
    </div>
  )
}
