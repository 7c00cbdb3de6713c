import { relativeTime } from '../lib/time'
import { useNow } from '../lib/now'

/** "5 minutes ago" for an ISO time, kept up to date, and the same words as the server's markup while taking it over. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const now = useNow()
  return (
    <time dateTime={iso} className={className}>
      {relativeTime(iso, now)}
    </time>
  )
}
