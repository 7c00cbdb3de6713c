import { useSearchParams } from 'react-router-dom'

export const DEFAULT_REDIRECT = '/dashboard'
// Any origin will do: a path that stays on it stays on ours.
const PROBE_ORIGIN = 'https://lifeline.invalid'

/**
 * `raw` as a path on this site (path, query, hash), or null when it could lead anywhere else: only a single
 * leading '/' followed by no '/' or '\' (browsers read '/\evil.example' as '//evil.example'), no scheme, no
 * control characters, and it must resolve to our own origin.
 */
export function sameOriginPath(raw: string | null): string | null {
  if (!raw || !raw.startsWith('/') || raw[1] === '/' || raw[1] === '\\') return null
  // eslint-disable-next-line no-control-regex -- tabs and newlines are stripped by URL parsers: refuse them
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return null
  let url: URL
  try {
    url = new URL(raw, PROBE_ORIGIN)
  } catch {
    return null
  }
  return url.origin === PROBE_ORIGIN ? url.pathname + url.search + url.hash : null
}

/** The `redirect` query parameter (default /dashboard); only same-origin paths, never another origin. */
export function useRedirectParam(): string {
  const [params] = useSearchParams()
  return sameOriginPath(params.get('redirect')) ?? DEFAULT_REDIRECT
}
