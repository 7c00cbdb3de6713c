// User text the server stores or searches: PostgreSQL text cannot hold NUL (a query with one fails), and no field
// of this product needs control characters, so they are refused with 400 before anything reaches the database.

/** C0 controls other than tab, line feed and carriage return; DEL; the C1 controls. */
export function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || (c >= 0x7f && c <= 0x9f)) return true
  }
  return false
}

/**
 * The name of the first field of a parsed request part (query, path, JSON body) whose key or value `isBad`, or
 * undefined. Iterative, so a deeply nested JSON body cannot exhaust the stack.
 */
export function findField(value: unknown, name: string, isBad: (v: unknown) => boolean): string | undefined {
  const pending: [unknown, string][] = [[value, name]]
  while (pending.length > 0) {
    const [item, field] = pending.pop()!
    if (isBad(item)) return field
    if (Array.isArray(item)) {
      for (const element of item) pending.push([element, field])
    } else if (item !== null && typeof item === 'object' && !ArrayBuffer.isView(item)) {
      for (const [key, inner] of Object.entries(item)) {
        if (isBad(key)) return field
        pending.push([inner, key])
      }
    }
  }
  return undefined
}

export const isControlText = (value: unknown) => typeof value === 'string' && hasControlCharacters(value)

/** The text on one line, cut to `max` characters with an ellipsis. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`
}
