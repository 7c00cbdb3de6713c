// One small API client: plain and authenticated requests against /api, errors as ApiError.
import type { Page } from '../../api-contract/common'
import type { ErrorCode } from '../../api-contract/errors'

/** An error answer from the API ({error, detail, code}), carrying the server's `error` text and its code. */
export class ApiError extends Error {
  readonly status: number
  /** The contract's code (api-contract/errors.ts); screens branch on it, never on the message. */
  readonly code: ErrorCode | undefined
  constructor(status: number, message: string, code?: ErrorCode) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
  }
}

export interface TokenPair {
  access: string
  refresh: string
}

/** How the authenticated client reads and renews the session; the app wires it to the auth atoms. */
export interface SessionHooks {
  getAccessToken(): string | null
  getRefreshToken(): string | null
  onRefreshed(tokens: TokenPair): void
  onSessionLost(): void
}

export interface RequestOptions {
  query?: Record<string, string | number | undefined>
  body?: unknown
  signal?: AbortSignal
}

export interface ApiClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>
  get<T>(path: string, options?: RequestOptions): Promise<T>
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>
}

/** The call that reads page `page` (1 by default) of a `?page=N` list at `path`. */
export const pageOf =
  <T>(path: string) =>
  (client: ApiClient, page = 1, signal?: AbortSignal) =>
    client.get<Page<T>>(path, { query: { page }, signal })

/** The URL a call asks for: `path` under `baseUrl`, with the query's defined values. */
export function buildUrl(baseUrl: string, path: string, query?: RequestOptions['query']): string {
  const url = `${baseUrl.replace(/\/$/, '')}/${path.replace(/^\//, '')}`
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) params.set(key, String(value))
  const search = params.toString()
  return search ? `${url}?${search}` : url
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: { error?: string; detail?: string; code?: string } = {}
  try {
    body = (await response.json()) as typeof body
  } catch {
    // a non-JSON error page: fall back to the status text
  }
  return new ApiError(
    response.status,
    body.error ?? body.detail ?? response.statusText ?? 'Request failed',
    body.code as ErrorCode | undefined,
  )
}

async function send(
  fetchImpl: typeof fetch,
  url: string,
  method: string,
  options: RequestOptions,
  token?: string,
) {
  const headers: Record<string, string> = { Accept: 'application/json' }
  let body: BodyInit | undefined
  if (options.body instanceof FormData) body = options.body
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(options.body)
  }
  if (token) headers.Authorization = `Bearer ${token}`
  return fetchImpl(url, { method, headers, body, signal: options.signal })
}

async function parse<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T
  const text = await response.text()
  return (text ? JSON.parse(text) : undefined) as T
}

function client(request: ApiClient['request']): ApiClient {
  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
  }
}

/** The plain client: no Authorization header. */
export function createPlainClient(
  baseUrl: string,
  fetchImpl: typeof fetch = (...a) => fetch(...a),
): ApiClient {
  return client(async (method, path, options = {}) => {
    const response = await send(fetchImpl, buildUrl(baseUrl, path, options.query), method, options)
    if (!response.ok) throw await toApiError(response)
    return parse(response)
  })
}

/**
 * The authenticated client: adds `Authorization: Bearer {token}` when a token is stored. On a 401 it renews the
 * session once through POST users/token/refresh/ and retries; if that fails the session is lost (logout).
 * Concurrent 401s share one refresh, because refresh tokens rotate and a reused one revokes the family.
 */
export function createAuthClient(
  baseUrl: string,
  session: SessionHooks,
  fetchImpl: typeof fetch = (...a) => fetch(...a),
): ApiClient {
  let refreshing: Promise<boolean> | null = null

  async function refresh(): Promise<boolean> {
    const refreshToken = session.getRefreshToken()
    if (!refreshToken) return false
    try {
      const response = await send(fetchImpl, buildUrl(baseUrl, 'users/token/refresh/'), 'POST', {
        body: { refresh: refreshToken },
      })
      if (!response.ok) return false
      session.onRefreshed(await parse<TokenPair>(response))
      return true
    } catch {
      return false
    }
  }

  return client(async (method, path, options = {}) => {
    const url = buildUrl(baseUrl, path, options.query)
    const token = session.getAccessToken() ?? undefined
    let response = await send(fetchImpl, url, method, options, token)
    if (response.status === 401 && token) {
      refreshing ??= refresh().finally(() => {
        refreshing = null
      })
      if (await refreshing) {
        response = await send(fetchImpl, url, method, options, session.getAccessToken() ?? undefined)
      }
      if (response.status === 401) {
        session.onSessionLost()
        throw await toApiError(response)
      }
    }
    if (!response.ok) throw await toApiError(response)
    return parse(response)
  })
}
