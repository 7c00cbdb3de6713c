// Measures every interactive element's box on the page. A control
// inside a <label> is measured by its label, which is what a finger taps to toggle it.
import type { Page } from 'playwright-core'

export const MIN_TOUCH_PX = 44

export interface SmallTarget {
  element: string
  width: number
  height: number
}

// No named functions inside evaluate(): tsx's keepNames would wrap them in a helper the page does not have.
export function smallTouchTargets(page: Page, min = MIN_TOUCH_PX): Promise<SmallTarget[]> {
  return page.evaluate((minimum) => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="switch"], [role="tab"], [tabindex]:not([tabindex="-1"])'
    const found: { element: string; width: number; height: number }[] = []
    for (const element of document.querySelectorAll(selector)) {
      const style = getComputedStyle(element)
      if (style.visibility === 'hidden' || style.display === 'none') continue
      const target = element.matches('input, textarea, select')
        ? (element.closest('label') ?? element)
        : element
      const box = target.getBoundingClientRect()
      if (box.width === 0 && box.height === 0) continue
      // Half a pixel of tolerance: boxes land on fractional pixels at a device scale factor of 3.
      if (box.width + 0.5 < minimum || box.height + 0.5 < minimum)
        found.push({
          element: `<${element.tagName.toLowerCase()}> "${
            element.getAttribute('aria-label') ??
            (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)
          }"`,
          width: Math.round(box.width),
          height: Math.round(box.height),
        })
    }
    return found
  }, min)
}
