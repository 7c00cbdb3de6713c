// The trust signals an emergency shows from what the API sends (issue 29): how many gave, how long is left,
// how old it is. Pure, told from a `now` the caller passes (useNow(): the server's render moment while the app
// takes the server's markup over), so the server and the browser write the same words.
import { relativeTime } from './time'

const DAY_MS = 86_400_000

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`

/** "1 donation", "12 donations". */
export const donationsText = (count: number): string => plural(count, 'donation')

/**
 * "12 days left", "1 day left", "last day" or "ended" for a deadline date (YYYY-MM-DD): open through the end of
 * that day (UTC, as the server keeps dates).
 */
export function deadlineText(deadline: string, now: number): string {
  const end = Date.parse(`${deadline}T23:59:59.999Z`)
  if (Number.isNaN(end)) return deadline
  if (now > end) return 'ended'
  const days = Math.floor((end - now) / DAY_MS)
  return days === 0 ? 'last day' : `${plural(days, 'day')} left`
}

/** "created 5 hours ago", "created yesterday", "created 10 days ago". */
export const createdText = (createdAt: string, now: number): string =>
  `created ${relativeTime(createdAt, now)}`
