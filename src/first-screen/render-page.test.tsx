// @vitest-environment node
// The server's render of a public page (what server/web/ puts into the page's template), with the API answered by
// a stub: the page's markup with its data, its hydration data, and its head.
import { describe, expect, it } from 'vitest'
import { renderPage } from './render-page'

const EMERGENCY = {
  id: 7,
  title: 'Flood </script><script>alert(1)</script> & “relief”',
  description: 'Families need shelter.',
  sol_goal: '20',
  deadline: '2030-01-01',
  receiving_wallet: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
  video_url: null,
  proof_images: [
    {
      id: 1,
      image: 'https://lifeline.example/api/media/0f0e0d0c-0b0a-4908-8706-050403020100.jpg',
      variants: [{ image: 'https://lifeline.example/api/media/x-w480.webp', width: 480 }],
    },
  ],
  total_donated: '5',
  donation_count: 2,
  is_featured: false,
  boost_expires_at: null,
  is_flagged: false,
  owner: { id: 1, wallet_address: 'x' },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
}
const CONFIG = { app_name: 'Lifeline', public_url: 'https://lifeline.example', tip_percent: 5 }
const EMPTY_PAGE = { count: 0, next: null, previous: null, results: [] }

/** The API, answered in place: what the server's in-process fetch would answer. */
const api: typeof fetch = async (input) => {
  const url = String(input)
  const body =
    url === '/api/config/'
      ? CONFIG
      : url === '/api/emergency/detail/7/'
        ? EMERGENCY
        : url.startsWith('/api/emergency/7/donations/') || url.startsWith('/api/emergency/7/updates/')
          ? EMPTY_PAGE
          : undefined
  return body
    ? new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
    : new Response('{"error":"Not found","code":"not_found"}', { status: 404 })
}

describe("the server's render of a public page", () => {
  it('renders /donate/{id} with its emergency, and carries the reads it used, as JSON that cannot end its block', async () => {
    const page = await renderPage('/donate/7', api)
    expect(page?.page).toBe('donate')
    expect(page?.markup).toContain('Families need shelter.')
    expect(page?.markup).toContain('Flood &lt;/script&gt;')
    expect(page?.hydration).not.toContain('</script><script>')
    const json = page!.hydration.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '')
    const hydration = JSON.parse(json) as { router: { loaderData: Record<string, unknown> }; config: unknown }
    expect(Object.values(hydration.router.loaderData)).toContainEqual({
      emergency: { url: '/api/emergency/detail/7/', data: EMERGENCY },
      donations: { url: '/api/emergency/7/donations/?page=1', data: EMPTY_PAGE },
      updates: { url: '/api/emergency/7/updates/?page=1', data: EMPTY_PAGE },
    })
    expect(hydration.config).toEqual(CONFIG)
  })

  it('gives /donate/{id} its title, escaped link-preview cards with absolute URLs, and its first image preloaded', async () => {
    const { head } = (await renderPage('/donate/7', api))!
    expect(head.tags).toContain(
      '<title>Flood &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; “relief” · Lifeline</title>',
    )
    expect(head.tags).toContain('<meta property="og:url" content="https://lifeline.example/donate/7">')
    expect(head.tags).toContain(
      '<meta property="og:image" content="https://lifeline.example/api/share-images/0f0e0d0c-0b0a-4908-8706-050403020100.jpg/card.webp">',
    )
    expect(head.tags).toContain(
      'content="5.00 of 20.00 SOL raised (25%) from 2 donations. Families need shelter."',
    )
    expect(head.tags).toContain('<meta name="twitter:card" content="summary_large_image">')
    expect(head.preload).toContain('imagesrcset="https://lifeline.example/api/media/x-w480.webp 480w"')
  })

  it("answers 404 with the page's own not-found state for an emergency that does not exist", async () => {
    const page = await renderPage('/donate/8', api)
    expect(page?.page).toBe('donate')
    expect(page?.status).toBe(404)
    expect(page?.head.tags).toBe('')
  })

  it('renders nothing for a route that is not a public page: the server sends the shell', async () => {
    expect(await renderPage('/dashboard', api)).toBeUndefined()
    expect(await renderPage('/no/such/page', api)).toBeUndefined()
  })
})
