/** The text cut to `max` characters, with an ellipsis when it was longer (card descriptions). */
export const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text)
