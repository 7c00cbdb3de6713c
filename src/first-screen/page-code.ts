// A public page's own code waits in two <template>s of its HTML (written by the build, scripts/prerender.ts), so
// that nothing of it competes with the first paint:
// - the page's modules, as modulepreload links that the entry (boot.ts) puts in the head when it starts the app:
//   fetched beside the app's entry, not before the first paint;
// - the next likely page's code, as prefetch links asked for once this page has loaded and the browser is idle,
//   never beside the first screen's own files, which share the same few connections on a slow network. One link
//   per idle moment: starting a prefetch costs the main thread a few milliseconds (tens on a slow phone), and half
//   a dozen at once made a long task.
import { whenIdle } from '../lib/when-idle'

export const PAGE_MODULES_TEMPLATE = 'page-modules'
export const NEXT_PAGE_TEMPLATE = 'next-page'

const templateLinks = (id: string) => {
  const template = document.getElementById(id)
  return template instanceof HTMLTemplateElement ? [...template.content.children] : []
}

export function preloadPageModules(): void {
  document.head.append(...templateLinks(PAGE_MODULES_TEMPLATE))
}

export function prefetchNextPage(): void {
  const links = templateLinks(NEXT_PAGE_TEMPLATE)
  const next = () => {
    const link = links.shift()
    if (!link) return
    document.head.append(link)
    whenIdle(next)
  }
  if (document.readyState === 'complete') whenIdle(next)
  else window.addEventListener('load', () => whenIdle(next), { once: true })
}
