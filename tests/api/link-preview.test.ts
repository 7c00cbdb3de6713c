// GET /donate/{id} served by our server: index.html with the emergency's Open Graph and X card tags, so a link
// pasted in a chat (whose crawler runs no JavaScript) shows the emergency.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Emergency } from '../../api-contract/emergencies'
import { emergencies } from '../../server/modules/emergencies/emergencies.table'
import { createLedgerTestApp, type LedgerTestApp, payingUser, type PayingUser } from '../helpers/ledger'
import { createEmergency } from './emergencies-fixtures'

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Lifeline — emergency fundraising on Solana</title>
    <meta
      name="description"
      content="Raise and send SOL for emergencies, straight to the people who need it."
    />
  </head>
  <body><div id="root"></div></body>
</html>`

let t: LedgerTestApp
let dist: string
let owner: PayingUser
let emergency: Emergency
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lifeline-dist-'))
  fs.writeFileSync(path.join(dist, 'index.html'), SHELL)
  t = await createLedgerTestApp({ deps: { distDir: dist } })
  owner = await payingUser(t, 0)
  emergency = await createEmergency(t.app, owner.bearer, {
    title: 'Ana’s <script>alert("x")</script> & surgery',
    description: 'Surgery on Monday; "every" bit helps.',
    sol_goal: '8',
  })
})
afterAll(async () => {
  await t.close()
  fs.rmSync(dist, { recursive: true, force: true })
})

const page = (url: string, accept = '*/*') => t.app.inject({ method: 'GET', url, headers: { accept } })
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1]

describe('GET /donate/{id}: link previews', () => {
  it('injects escaped Open Graph and X card tags with absolute URLs, for a crawler that accepts anything', async () => {
    const response = await page(`/donate/${emergency.id}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    const html = response.body
    expect(html).not.toContain('<script>alert')
    expect(html).toContain(
      '<title>Ana’s &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; surgery · Lifeline</title>',
    )
    expect(html.match(/<title>/g)).toHaveLength(1)
    expect(html).not.toContain('Raise and send SOL for emergencies')
    expect(meta(html, 'og:title')).toBe(
      'Ana’s &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; surgery',
    )
    expect(meta(html, 'og:description')).toBe(
      '0 of 8 SOL raised (0%) from 0 donations. Surgery on Monday; &quot;every&quot; bit helps.',
    )
    expect(meta(html, 'description')).toBe(meta(html, 'og:description'))
    expect(meta(html, 'og:url')).toBe(`http://localhost:8080/donate/${emergency.id}`)
    expect(meta(html, 'twitter:card')).toBe('summary_large_image')
    const image = meta(html, 'og:image')!
    expect(image).toMatch(/^http:\/\/localhost:8080\/api\/share-images\/[0-9a-f-]+\.png\/card\.webp$/)
    expect(meta(html, 'twitter:image')).toBe(image)
    const card = await t.app.inject({ method: 'GET', url: new URL(image).pathname })
    expect(card.headers['content-type']).toBe('image/webp')
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630 })
    expect(html).toContain('<div id="root"></div>')
  })

  it('serves the page from its cache for a minute (no query per crawler)', async () => {
    // The preview's tags, not the whole page: the page also carries the emergency's served read, which follows
    // the read cache (a change shows within its poll: tests/api/served-reads.test.ts).
    const before = (await page(`/donate/${emergency.id}`, 'text/html')).body
    await t.db.update(emergencies).set({ title: 'Renamed' }).where(eq(emergencies.id, emergency.id))
    const after = (await page(`/donate/${emergency.id}`, 'text/html')).body
    expect(meta(after, 'og:title')).toBe(meta(before, 'og:title'))
    expect(meta(after, 'og:title')).not.toContain('Renamed')
  })

  it('serves the plain shell for an emergency that does not exist or was deleted', async () => {
    expect((await page('/donate/987654')).body).toBe(SHELL)
    const deleted = await createEmergency(t.app, owner.bearer)
    await t.app.inject({
      method: 'DELETE',
      url: `/api/emergency/delete/${deleted.id}/`,
      headers: owner.bearer,
    })
    const response = await page(`/donate/${deleted.id}`, 'text/html')
    expect(response.body).toBe(SHELL)
  })

  it('leaves other routes and JSON clients alone', async () => {
    // (/explore still carries its first screen's data: tests/api/served-reads.test.ts)
    const explore = (await page('/explore', 'text/html')).body
    expect(explore).toContain('<title>Lifeline — emergency fundraising on Solana</title>')
    expect(explore).not.toContain('og:title')
    expect((await page(`/donate/${emergency.id}`, 'application/json')).statusCode).toBe(404)
  })
})
