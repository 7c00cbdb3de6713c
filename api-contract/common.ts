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

export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, description: '1-based' })),
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
