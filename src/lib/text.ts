/**
 * The text cut to `max` characters, with an ellipsis when it was longer (card descriptions); `trimEnd` drops the
 * spaces a cut leaves before the ellipsis (campaign texts).
 */
export const cut = (text: string, max: number, { trimEnd = false } = {}) => {
  if (text.length <= max) return text
  const kept = text.slice(0, max)
  return `${trimEnd ? kept.trimEnd() : kept}…`
}
