// YouTube and Vimeo links → privacy-enhanced embed URLs.
export function embedUrl(link: string | null | undefined): string | null {
  if (!link) return null
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return null
  }
  const host = url.hostname.replace(/^www\.|^m\./, '')
  let id: string | null = null
  if (host === 'youtu.be') id = url.pathname.slice(1)
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com')
    id = url.searchParams.get('v') ?? /^\/(?:embed|shorts|live)\/([\w-]+)/.exec(url.pathname)?.[1] ?? null
  if (id && /^[\w-]{6,20}$/.test(id)) return `https://www.youtube-nocookie.com/embed/${id}`
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const vimeo = /(\d{5,12})/.exec(url.pathname)?.[1]
    if (vimeo) return `https://player.vimeo.com/video/${vimeo}?dnt=1`
  }
  return null
}
