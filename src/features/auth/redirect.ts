import { useSearchParams } from 'react-router-dom'

export const DEFAULT_REDIRECT = '/dashboard'

/** The `redirect` query parameter (default /dashboard); only same-site paths, never another origin. */
export function useRedirectParam(): string {
  const [params] = useSearchParams()
  const redirect = params.get('redirect')
  return redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : DEFAULT_REDIRECT
}

export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}
