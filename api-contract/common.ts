// Shapes every module shares: SOL amounts on the wire and paginated lists.
import { Type, type Static, type TSchema } from 'typebox'

/** SOL as a decimal string with at most 9 decimals ("1.5"); the server keeps integer lamports. */
export const SolAmount = Type.String({
  pattern: '^(0|[1-9][0-9]*)(\\.[0-9]{1,9})?$',
  description: 'SOL, decimal string',
})
export type SolAmount = Static<typeof SolAmount>

/** What a donation is given in. SOL is the default wherever a request may leave it out. */
export const CURRENCIES = ['SOL', 'USDC'] as const
export type Currency = (typeof CURRENCIES)[number]
export const CurrencySchema = Type.Enum(CURRENCIES, {
  description: 'SOL (lamports on chain) or USDC (6 decimals on chain)',
})

/** USDC as a decimal string with at most 6 decimals ("5.25"); the server keeps integer micro-USDC. */
export const UsdcAmount = Type.String({
  pattern: '^(0|[1-9][0-9]*)(\\.[0-9]{1,6})?$',
  description: 'USDC, decimal string',
})

/** An amount in the currency its object names (`currency`): SOL with up to 9 decimals, USDC with up to 6. */
export const CurrencyAmount = Type.String({
  pattern: '^(0|[1-9][0-9]*)(\\.[0-9]{1,9})?$',
  description: "decimal string in the object's currency",
})

/** Requests accept a number or a decimal string for an amount. */
export const SolInput = Type.Union([Type.String({ maxLength: 32 }), Type.Number()], { description: 'SOL' })
export type SolInput = Static<typeof SolInput>

/** The largest row id a request may name: a JSON number beyond 2^53 − 1 has lost digits (BIGINT holds more). */
export const MAX_ID = Number.MAX_SAFE_INTEGER
/** A row id in a path, query or body: 1 … 2^53 − 1; anything else is a 400, never a database error. */
export const Id = Type.Integer({ minimum: 1, maximum: MAX_ID })
/** The signature of the transaction a request asks the server to verify (base58; checked on the ledger). */
export const TxSignature = (description: string) => Type.String({ minLength: 1, maxLength: 100, description })

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

/** The long public lists (feed, donations, emergencies, featured) also page by keyset cursor. */
export const ListQuery = Type.Object({
  page: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_PAGE, description: '1-based; not with cursor' }),
  ),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      pattern: '^[A-Za-z0-9_-]+$',
      description: 'next_cursor or previous_cursor of an earlier answer; not with page',
    }),
  ),
})
export type ListQuery = Static<typeof ListQuery>

/** Counting stops here for searches (`count_capped`); cursors reach every match. */
export const SEARCH_COUNT_CAP = 100

/**
 * `{count, next, previous, results}` plus keyset cursors. `?page=N` answers link pages (`next` = page N+1) and
 * costs the same at any depth; `?cursor=` answers link cursors and never skip or repeat a row while new ones
 * arrive. `count` is exact (kept as counters, not counted per request), except for a search, where it stops at
 * SEARCH_COUNT_CAP and `count_capped` is true: page links reach the first SEARCH_COUNT_CAP matches, cursors all.
 */
export const CursorPaginated = <T extends TSchema>(item: T) =>
  Type.Object({
    count: Type.Integer(),
    count_capped: Type.Boolean(),
    next: Type.Union([Type.String(), Type.Null()]),
    previous: Type.Union([Type.String(), Type.Null()]),
    next_cursor: Type.Union([Type.String(), Type.Null()]),
    previous_cursor: Type.Union([Type.String(), Type.Null()]),
    results: Type.Array(item),
  })
export interface CursorPage<T> extends Page<T> {
  count_capped: boolean
  next_cursor: string | null
  previous_cursor: string | null
}
