// The first screen's public reads, answered by the server inside the page's HTML (server/plugins/served-reads.ts)
// as `<script type="application/json" data-read="/api/…">` blocks: data, never run (CSP `script-src 'self'`
// holds). The plain client's fetch takes each one once, for the first load of that URL, instead of asking the
// network; later loads of the same URL (a reload, a refresh, coming back to the page) ask the network as before.
// A screen can also take its answer synchronously, in its first render (`servedNow`): the page then renders with
// its data at once, on the server (which renders the first screen into the HTML, src/prerender/render.tsx) and in
// the browser, whose first render then draws the markup the server sent.

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

/** The server side: the answers one render may take (its served reads), or undefined after that render. */
export function serveDuringRender(answers: Map<string, string> | undefined) {
  served = answers
}

/** While `servedNow` runs a load: what its fetch found in the page (no network is asked meanwhile). */
let taking: { text?: string } | undefined

const NOT_SERVED = new Error('not served in the page')

/** A fetch that answers a GET the page's HTML already carries, once, and sends everything else on. */
export function servedFirst(fetchImpl: typeof fetch): typeof fetch {
  return (input, init) => {
    const url = typeof input === 'string' ? input : undefined
    const text = url !== undefined && (init?.method ?? 'GET') === 'GET' ? servedReads().get(url) : undefined
    if (text !== undefined) servedReads().delete(url!)
    if (taking) {
      taking.text = text
      return Promise.reject(NOT_SERVED)
    }
    if (text === undefined) return fetchImpl(input, init)
    const response = new Response(text, {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    })
    // Answered in a task of its own, not within the first render's task: the page's first render and its render
    // with the data are two shorter tasks, and the browser can paint and take input between them (TBT).
    return new Promise((resolve) => setTimeout(() => resolve(response), 0))
  }
}

/**
 * The answer the page carries for the one GET `load` starts with (through the plain client), taken now, or
 * undefined when the page carries none (nothing is fetched either way). For loads whose data is the answer itself.
 */
export function servedNow<T>(load: () => Promise<unknown>): T | undefined {
  if (servedReads().size === 0) return undefined
  const found: { text?: string } = {}
  taking = found
  try {
    load().catch(() => undefined)
  } finally {
    taking = undefined
  }
  return found.text === undefined ? undefined : (JSON.parse(found.text) as T)
}
