// Opaque keyset cursors (api-contract/common.ts CursorPaginated): which list, which way, and the sort key of the
// row the page continues from. base64url of a small JSON array, so clients cannot mistake it for a number.
import { badRequest } from './errors'

/** `next`: the rows after the key in list order (older); `previous`: the rows before it (newer). */
export type Direction = 'next' | 'previous'

/** A sort key: an id, or a timestamp (ms) and an id for lists ordered by a time. */
export type SortKey = readonly [id: number] | readonly [timeMs: number, id: number]

export interface Cursor<K extends SortKey = SortKey> {
  list: string
  direction: Direction
  key: K
}

export function encodeCursor(cursor: Cursor): string {
  const packed = [cursor.list, cursor.direction === 'next' ? 'n' : 'p', ...cursor.key]
  return Buffer.from(JSON.stringify(packed)).toString('base64url')
}

const invalid = () => badRequest('invalid_cursor', 'Invalid cursor.')
const isKeyPart = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0

/** Decodes a cursor for `list` whose key has `keyLength` parts; anything else is 400 invalid_cursor. */
export function decodeCursor<K extends SortKey>(
  text: string,
  list: string,
  keyLength: K['length'],
): Cursor<K> {
  let packed: unknown
  try {
    packed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    throw invalid()
  }
  if (!Array.isArray(packed) || packed.length !== 2 + keyLength) throw invalid()
  const [name, way, ...key] = packed as unknown[]
  if (name !== list || (way !== 'n' && way !== 'p') || !key.every(isKeyPart)) throw invalid()
  return { list, direction: way === 'n' ? 'next' : 'previous', key: key as unknown as K }
}
