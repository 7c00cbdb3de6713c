// The trust signals an emergency shows from what the API sends (issue 29): how many gave, how long is left,
// how old it is. Pure, told from a `now` the caller passes (useNow(): the server's render moment while the app
// takes the server's markup over), so the server and the browser write the same words.
const DAY_MS = 86_400_000

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`

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

/** "created today", "created yesterday", "created 5 days ago". */
export function createdText(createdAt: string, now: number): string {
  const days = Math.max(0, Math.floor((now - Date.parse(createdAt)) / DAY_MS))
  if (days === 0) return 'created today'
  if (days === 1) return 'created yesterday'
  return `created ${plural(days, 'day')} ago`
}
