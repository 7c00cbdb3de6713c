// The next likely page's code (a prerendered page carries its prefetch links in a <template>, scripts/prerender.ts),
// asked for once this page has loaded and the browser is idle: never beside the first screen's own files, which
// share the same few connections on a slow network.

/** The id of the `<template>` holding a prerendered page's prefetches of the next likely page. */
export const NEXT_PAGE_TEMPLATE = 'next-page'

export function prefetchNextPage(): void {
  const template = document.getElementById(NEXT_PAGE_TEMPLATE)
  if (!(template instanceof HTMLTemplateElement)) return
  const prefetch = () => document.head.append(template.content)
  // Safari has no requestIdleCallback.
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(prefetch) : setTimeout(prefetch, 0)
  if (document.readyState === 'complete') whenIdle()
  else window.addEventListener('load', whenIdle, { once: true })
}
