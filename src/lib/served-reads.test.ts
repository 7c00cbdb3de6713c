import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  document.head.innerHTML = ''
  vi.resetModules()
})

async function withServed(blocks: Record<string, string>) {
  for (const [url, json] of Object.entries(blocks)) {
    const block = document.createElement('script')
    block.type = 'application/json'
    block.dataset.read = url
    block.textContent = json
    document.head.append(block)
  }
  const network = vi.fn(async () => new Response('{"from":"network"}'))
  const { servedFirst } = await import('./served-reads')
  return { fetch: servedFirst(network as typeof fetch), network }
}

describe('servedFirst', () => {
  it('answers the first GET of a URL the page carries from the page, and every later one from the network', async () => {
    const { fetch, network } = await withServed({
      '/api/emergency/detail/7/': '{"id":7,"title":"\\u003c/script>"}',
    })
    const first = await fetch('/api/emergency/detail/7/', { method: 'GET' })
    expect(await first.json()).toEqual({ id: 7, title: '</script>' })
    expect(network).not.toHaveBeenCalled()
    expect(await (await fetch('/api/emergency/detail/7/', { method: 'GET' })).json()).toEqual({
      from: 'network',
    })
    expect(network).toHaveBeenCalledTimes(1)
  })

  it('sends other URLs and other methods to the network', async () => {
    const { fetch, network } = await withServed({ '/api/emergency/list/?page=1': '{"results":[]}' })
    await fetch('/api/emergency/list/?page=2', { method: 'GET' })
    await fetch('/api/emergency/list/?page=1', { method: 'POST' })
    expect(network).toHaveBeenCalledTimes(2)
  })
})

describe('servedNow', () => {
  it('takes the answer the page carries for a load, synchronously, once, without asking the network', async () => {
    const { fetch, network } = await withServed({ '/api/emergency/detail/7/': '{"id":7}' })
    const { servedNow } = await import('./served-reads')
    const load = () => fetch('/api/emergency/detail/7/', { method: 'GET' })
    expect(servedNow(load)).toEqual({ id: 7 })
    expect(servedNow(load)).toBeUndefined()
    expect(network).not.toHaveBeenCalled()
    await load()
    expect(network).toHaveBeenCalledTimes(1)
  })

  it('asks nothing of the network for a load the page carries no answer for', async () => {
    const { fetch, network } = await withServed({ '/api/emergency/list/?page=1': '{"results":[]}' })
    const { servedNow } = await import('./served-reads')
    expect(servedNow(() => fetch('/api/emergency/list/?page=2', { method: 'GET' }))).toBeUndefined()
    expect(network).not.toHaveBeenCalled()
  })
})
