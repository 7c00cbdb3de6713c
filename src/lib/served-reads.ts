// The first screen's public reads, answered by the server inside the page's HTML (server/plugins/served-reads.ts)
// as `<script type="application/json" data-read="/api/…">` blocks: data, never run (CSP `script-src 'self'`
// holds). The plain client's fetch takes each one once, for the first load of that URL, instead of asking the
// network, so the page renders as soon as its code has run, without one more round trip; later loads of the same
// URL (a reload, a refresh, coming back to the page) ask the network as before.

let served: Map<string, string> | undefined

function servedReads(): Map<string, string> {
  if (served) return served
  served = new Map()
  if (typeof document === 'undefined') return served
  for (const block of document.querySelectorAll<HTMLScriptElement>(
    'script[type="application/json"][data-read]',
  )) {
    served.set(block.dataset.read ?? '', block.textContent ?? '')
    block.remove()
  }
  return served
}

/** A fetch that answers a GET the page's HTML already carries, once, and sends everything else on. */
export function servedFirst(fetchImpl: typeof fetch): typeof fetch {
  return (input, init) => {
    const url = typeof input === 'string' ? input : undefined
    const text = url !== undefined && (init?.method ?? 'GET') === 'GET' ? servedReads().get(url) : undefined
    if (text === undefined) return fetchImpl(input, init)
    servedReads().delete(url!)
    const response = new Response(text, {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    })
    // Answered in a task of its own, not within the first render's task: the page's first render and its render
    // with the data are two shorter tasks, and the browser can paint and take input between them (TBT).
    return new Promise((resolve) => setTimeout(() => resolve(response), 0))
  }
}
