/**
 * The text cut to `max` characters, with an ellipsis when it was longer (card descriptions); `trimEnd` drops the
 * spaces a cut leaves before the ellipsis (campaign texts).
 */
export const cut = (text: string, max: number, { trimEnd = false } = {}) => {
  if (text.length <= max) return text
  const kept = text.slice(0, max)
  return `${trimEnd ? kept.trimEnd() : kept}…`
}

/** One line of at most `max` characters (link-preview texts): whitespace folded, an ellipsis when it was longer. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= max ? flat : cut(flat, max - 1, { trimEnd: true })
}
