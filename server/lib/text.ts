// User text the server stores or searches: PostgreSQL text cannot hold NUL (a query with one fails), nor a lone
// UTF-16 surrogate (JSON can carry "\ud800"; jsonb and UTF-8 refuse it), and no field of this product needs control
// characters, so all of them are refused with 400 before anything reaches the database.

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

// String.prototype.isWellFormed (ES2024, Node 20); the project's lib is ES2023.
type WellFormed = { isWellFormed(): boolean }

/** Why this text cannot be stored, or undefined when it can (the end of the sentence after a field's name). */
export function textProblem(text: string): string | undefined {
  if (hasControlCharacters(text)) return 'must not contain control characters'
  if (!(text as unknown as WellFormed).isWellFormed())
    return 'must be well-formed text (it has a lone surrogate)'
  return undefined
}

/** The text on one line, cut to `max` characters with an ellipsis. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`
}
