// Shapes every module shares (DESIGN §3): SOL amounts on the wire and paginated lists.
import { Type, type Static, type TSchema } from 'typebox'

/** SOL as a decimal string with at most 9 decimals ("1.5"); the server keeps integer lamports. */
export const SolAmount = Type.String({
  pattern: '^(0|[1-9][0-9]*)(\\.[0-9]{1,9})?$',
  description: 'SOL, decimal string',
})
export type SolAmount = Static<typeof SolAmount>

/** Requests accept a number or a decimal string for an amount. */
export const SolInput = Type.Union([Type.String({ maxLength: 32 }), Type.Number()], { description: 'SOL' })
export type SolInput = Static<typeof SolInput>

/** The largest row id a request may name: a JSON number beyond 2^53 − 1 has lost digits (BIGINT holds more). */
export const MAX_ID = Number.MAX_SAFE_INTEGER
/** A row id in a path, query or body: 1 … 2^53 − 1; anything else is a 400, never a database error. */
export const Id = Type.Integer({ minimum: 1, maximum: MAX_ID })
/** Deeper than this no list has rows (100 per page): a bound, so an offset can never overflow. */
export const MAX_PAGE = 100_000

export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, description: '1-based' })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
})
export type PageQuery = Static<typeof PageQuery>

/** `{count, next, previous, results}`; next and previous are absolute URLs or null. */
export const Paginated = <T extends TSchema>(item: T) =>
  Type.Object({
    count: Type.Integer(),
    next: Type.Union([Type.String(), Type.Null()]),
    previous: Type.Union([Type.String(), Type.Null()]),
    results: Type.Array(item),
  })
export interface Page<T> {
  count: number
  next: string | null
  previous: string | null
  results: T[]
}
