// Work that must not compete with the first screen: run when the browser is idle (after a short delay where it
// cannot say, e.g. Safari).
export function whenIdle(work: () => void): void {
  if (window.requestIdleCallback) window.requestIdleCallback(work)
  else window.setTimeout(work, 200)
}
