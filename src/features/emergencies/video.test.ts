import { describe, expect, test } from 'vitest'
import { embedUrl } from './video'

describe('video embeds', () => {
  test('turns YouTube watch, short and youtu.be links into privacy-enhanced embeds', () => {
    const embed = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'
    expect(embedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(embed)
    expect(embedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe(embed)
    expect(embedUrl('https://youtube.com/shorts/dQw4w9WgXcQ')).toBe(embed)
  })

  test('turns a Vimeo link into a do-not-track player', () => {
    expect(embedUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871?dnt=1')
  })

  test('ignores other hosts and empty links', () => {
    expect(embedUrl('https://example.com/watch?v=dQw4w9WgXcQ')).toBeNull()
    expect(embedUrl(null)).toBeNull()
  })
})
