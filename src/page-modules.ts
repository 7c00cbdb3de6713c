// A prerendered page's own code (its route's chunks) waits in a <template> of this id (scripts/prerender.ts), as
// modulepreload links that src/boot.ts puts in the head when it starts the app: fetched beside the app's entry,
// not before the first paint.

export const PAGE_MODULES_TEMPLATE = 'page-modules'

export function preloadPageModules(): void {
  const template = document.getElementById(PAGE_MODULES_TEMPLATE)
  if (template instanceof HTMLTemplateElement) document.head.append(template.content)
}
