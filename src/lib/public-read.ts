// A public page's first-screen reads, as its route's loader makes them (src/first-screen/public-pages.ts). A read
// never throws: it settles into its data or its failure, so a page whose read failed still renders (its empty or
// offline state) instead of an error screen, and a settled read can travel in the page's HTML as JSON (the server
// renders the page with it, the app hydrates from it). Each read keeps the URL it answered, which the service
// worker's cache is given (src/service-worker/keep-reads.ts), so what was seen online opens offline.
// The loader returns its reads unawaited: a navigation in the app shows the page at once, with skeletons where a
// read is still on its way (`useRead` suspends to the page's boundary); the server awaits them before rendering.
import { use, useEffect } from 'react'
import { useRevalidator } from 'react-router-dom'
import { type ApiClient, ApiError, createPlainClient } from './api-client'
import type { Page } from '../../api-contract/common'
import type { ErrorCode } from '../../api-contract/errors'

export const API_BASE = '/api'

/** Why a read failed, as JSON can carry it: status 0 when the API could not be reached (offline). */
export interface ReadFailure {
  status: number
  code?: ErrorCode
  message: string
}

export type Read<T> =
  { url: string; data: T; failure?: never } | { url: string; data?: never; failure: ReadFailure }

/** What the server gives a loader through React Router's request context: the API answered in its own process. */
export interface ReadContext {
  fetch: typeof fetch
}

const failureOf = (error: unknown): ReadFailure =>
  error instanceof ApiError
    ? { status: error.status, code: error.code, message: error.message }
    : { status: 0, message: error instanceof Error ? error.message : String(error) }

const contextFetch = (context: unknown): typeof fetch =>
  (context as ReadContext | undefined)?.fetch ?? ((...args) => fetch(...args))

/**
 * The reader of one loader run: `read((api) => listFeatured(api))` makes the call through a plain client and settles
 * it, keeping the URL the call asked for. `context` is the loader's (the server's in-process fetch, or none).
 */
export function reader(context: unknown) {
  const fetchImpl = contextFetch(context)
  return <T>(call: (api: ApiClient) => Promise<T>): Promise<Read<T>> => {
    let url = ''
    const api = createPlainClient(API_BASE, (input, init) => {
      url = String(input)
      return fetchImpl(input, init)
    })
    return call(api).then(
      (data) => ({ url, data }),
      (error: unknown) => ({ url, failure: failureOf(error) }),
    )
  }
}

/** A read from its route's loader data: as it is when it came with the page, else awaited (the component suspends).
 * A read the loader did not make (undefined) stays undefined. */
export function useRead<T>(read: Read<T> | Promise<Read<T>>): Read<T>
export function useRead<T>(read: Read<T> | Promise<Read<T>> | undefined): Read<T> | undefined
export function useRead<T>(read: Read<T> | Promise<Read<T>> | undefined): Read<T> | undefined {
  return read instanceof Promise ? use(read) : read
}

/** A read of one page of a list, as a list screen shows it: its rows (empty when the read failed), the list's size,
 * whether a next page exists, and whether the read failed (an offline screen tells "offline" from "empty"). */
export function pageOfRead<T>(read: Read<Page<T>>) {
  return {
    items: read.data?.results ?? [],
    count: read.data?.count ?? 0,
    hasNext: Boolean(read.data?.next),
    failed: read.failure !== undefined,
  }
}

/** A page whose read failed (offline, the API busy) reads again once the browser is back online. */
export function useRetryWhenOnline(failed: boolean): void {
  const { revalidate } = useRevalidator()
  useEffect(() => {
    if (!failed) return
    const retry = () => void revalidate()
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [failed, revalidate])
}

/** A loader's data with every read settled: as the server renders with it and the page carries it. */
export type Settled<Data> = { [K in keyof Data]: Awaited<Data[K]> }
