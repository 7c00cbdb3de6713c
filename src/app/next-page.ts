// The next likely page's code (a prerendered page carries its prefetch links in a <template>, scripts/prerender.ts),
// asked for once this page has loaded and the browser is idle: never beside the first screen's own files, which
// share the same few connections on a slow network. One link per idle moment: starting a prefetch costs the main
// thread a few milliseconds (tens on a slow phone), and half a dozen at once made a long task.

/** The id of the `<template>` holding a prerendered page's prefetches of the next likely page. */
export const NEXT_PAGE_TEMPLATE = 'next-page'

// Safari has no requestIdleCallback.
const whenIdle = (then: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(then) : setTimeout(then, 0)

export function prefetchNextPage(): void {
  const template = document.getElementById(NEXT_PAGE_TEMPLATE)
  if (!(template instanceof HTMLTemplateElement)) return
  const links = [...template.content.children]
  const next = () => {
    const link = links.shift()
    if (!link) return
    document.head.append(link)
    whenIdle(next)
  }
  if (document.readyState === 'complete') whenIdle(next)
  else window.addEventListener('load', () => whenIdle(next), { once: true })
}
