// The first screen's public reads inside the served HTML (server/plugins/served-reads.ts): what the PWA would ask
// the API for, answered in <script type="application/json"> blocks, and the first proof image preloaded.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Emergency } from '../../api-contract/emergencies'
import { CAROUSEL_SIZES, CARD_IMAGE_SIZES } from '../../api-contract/proof-image-slots'
import { escapeHtml } from '../../server/lib/html'
import { type TestApp, createTestApp } from '../helpers/app'
import { registerAndSignIn } from '../helpers/wallet'
import { createEmergency } from './emergencies-fixtures'

const HOSTILE_TITLE = 'Flood </script><script>alert(1)</script> <!-- & “relief”'

/**
 * A stand-in for the build's page renderer (dist/.ssr/render.js, src/prerender/render.tsx: a real build renders
 * the page; tests/e2e/first-screen.spec.ts checks that one in Chromium): it numbers its renders and says which
 * answers it was given, so these tests see when the server renders and with what.
 */
const STAND_IN_RENDERER = `
let renders = 0
export async function renderServed(path, answers) {
  renders += 1
  const detail = JSON.parse([...answers.values()][0])
  return '<main data-render="' + renders + '" data-path="' + path + '">' + String(detail.description ?? '').length + '</main>'
}
`

let t: TestApp
let bearer: { authorization: string }
let dist: string
let emergency: Emergency
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lifeline-dist-'))
  fs.mkdirSync(path.join(dist, 'prerendered'))
  const shell = (h1: string) =>
    `<!doctype html><html><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width" /><title>Lifeline</title></head><body><div id="root"><h1>${h1}</h1></div></body></html>`
  fs.writeFileSync(path.join(dist, 'index.html'), shell('Lifeline'))
  fs.writeFileSync(path.join(dist, 'prerendered', 'explore.html'), shell('Explore Emergencies'))
  fs.writeFileSync(path.join(dist, 'prerendered', 'donate.html'), shell(''))
  fs.mkdirSync(path.join(dist, '.ssr'))
  fs.writeFileSync(path.join(dist, '.ssr', 'render.js'), STAND_IN_RENDERER)
  t = await createTestApp({ deps: { distDir: dist } })
  ;({ bearer } = await registerAndSignIn(t.app))
  emergency = await createEmergency(t.app, bearer, { title: HOSTILE_TITLE })
})
afterAll(async () => {
  await t.close()
  fs.rmSync(dist, { recursive: true, force: true })
})

const page = (url: string, accept = 'text/html,application/xhtml+xml,*/*;q=0.8') =>
  t.app.inject({ method: 'GET', url, headers: { accept } })
const api = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } })

/** Served with every public page: parts of the first screen (explorer links, the tip) draw with it. */
const CONFIG = '/api/config/'

/** The data blocks of a page, by the URL each answers. */
function blocksOf(html: string): Map<string, string> {
  const found = html.matchAll(/<script type="application\/json" data-read="([^"]+)">([\s\S]*?)<\/script>/g)
  return new Map([...found].map((match) => [match[1]!.replaceAll('&amp;', '&'), match[2]!]))
}

describe('the first screen read served in the HTML', () => {
  it('carries the emergency and its donations on /donate/{id}, equal to the API answers, and preloads its first image', async () => {
    const response = await page(`/donate/${emergency.id}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-cache')
    const blocks = blocksOf(response.body)
    const detail = `/api/emergency/detail/${emergency.id}/`
    const donations = `/api/emergency/${emergency.id}/donations/?page=1`
    expect([...blocks.keys()]).toEqual([detail, donations, CONFIG])
    expect(JSON.parse(blocks.get(detail)!)).toEqual((await api(detail)).json())
    expect(JSON.parse(blocks.get(donations)!)).toEqual((await api(donations)).json())
    expect(JSON.parse(blocks.get(CONFIG)!)).toEqual((await api(CONFIG)).json())

    const image = emergency.proof_images[0]!
    expect(image.variants?.length).toBeGreaterThan(0)
    const preload = /<link rel="preload" as="image" fetchpriority="high" ([^>]*)>/.exec(response.body)?.[1]
    expect(preload).toContain(
      `imagesrcset="${escapeHtml(image.variants!.map((v) => `${v.image} ${v.width}w`).join(', '))}"`,
    )
    expect(preload).toContain(`imagesizes="${escapeHtml(CAROUSEL_SIZES)}"`)
    // Right after the viewport (its `imagesizes` needs the device's width: before it, a phone would fetch the
    // widest copy), and before the code the head goes on to preload.
    expect(response.body.indexOf('name="viewport"')).toBeGreaterThan(0)
    expect(response.body.indexOf('rel="preload"')).toBeGreaterThan(response.body.indexOf('name="viewport"'))
    expect(response.body.indexOf('rel="preload"')).toBeLessThan(response.body.indexOf('<title>'))
  })

  it('never lets the data end its block: a title holding </script> and <!-- stays inside, as JSON', async () => {
    const html = (await page(`/donate/${emergency.id}`)).body
    const block = blocksOf(html).get(`/api/emergency/detail/${emergency.id}/`)!
    expect(block).not.toMatch(/<\/script|<!--/i)
    expect(JSON.parse(block).title).toBe(HOSTILE_TITLE)
    expect(html.match(/<script/g)).toHaveLength(3)
  })

  it('carries Featured and the first list page on /explore, with the first card image preloaded in its slot', async () => {
    const response = await page('/explore')
    expect(response.body).toContain('data-path="/explore"')
    const blocks = blocksOf(response.body)
    expect([...blocks.keys()]).toEqual([
      '/api/emergency/featured/?page=1',
      '/api/emergency/list/?page=1',
      CONFIG,
    ])
    const list = JSON.parse(blocks.get('/api/emergency/list/?page=1')!) as { results: Emergency[] }
    expect(list.results.map((row) => row.id)).toContain(emergency.id)
    expect(response.body).toContain(`imagesizes="${escapeHtml(CARD_IMAGE_SIZES)}"`)
  })

  it('serves a page with a query, a missing emergency, and non-browser clients without data blocks', async () => {
    expect(blocksOf((await page('/explore?q=flood')).body).size).toBe(0)
    expect(blocksOf((await page('/explore', '*/*')).body).size).toBe(0)
    const missing = await page('/donate/999999')
    expect(missing.statusCode).toBe(200)
    expect(missing.body).not.toContain('/api/emergency/detail/999999/')
    expect(missing.body).not.toContain('rel="preload"')
  })
})

describe('the first screen rendered with its data', () => {
  const renderOf = (html: string) =>
    /<div id="root" data-server-rendered><main data-render="(\d+)"/.exec(html)?.[1]

  it("puts the renderer's markup in the root, marked, beside the data blocks; the renderer itself is never served", async () => {
    const html = (await page(`/donate/${emergency.id}/`)).body
    expect(renderOf(html)).toBeDefined()
    expect(html).toContain(`data-path="/donate/${emergency.id}"`)
    expect(html).not.toContain('<h1></h1>')
    expect(blocksOf(html).size).toBe(3)
    expect((await page('/.ssr/render.js', '*/*')).statusCode).toBe(404)
  })

  it('renders a page once per version of its data: again after an edit changes its answer', async () => {
    const first = renderOf((await page(`/donate/${emergency.id}`)).body)
    expect(renderOf((await page(`/donate/${emergency.id}`)).body)).toBe(first)
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/emergency/update/${emergency.id}/`,
      headers: bearer,
      payload: { description: 'The bridge is gone; boats carry supplies across' },
    })
    expect(edited.statusCode).toBe(200)
    const after = (await page(`/donate/${emergency.id}`)).body
    expect(renderOf(after)).not.toBe(first)
    expect(after).toContain('>47</main>')
  })

  it('leaves the skeletons of a page whose reads failed, and of a page with a query, unrendered', async () => {
    expect((await page('/donate/999999')).body).not.toContain('data-server-rendered')
    expect((await page('/explore?page=2')).body).not.toContain('data-server-rendered')
  })
})
