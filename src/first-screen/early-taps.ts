// A tap on a button of the server's markup before the app has taken the page over would do nothing: the button's
// handler is the app's, and the app is fetched after the first paint (src/first-screen/boot.ts). The entry holds such a tap
// (the last one) and the app answers it once it has taken the page over. Links and forms work without the app and
// are left to the browser; a control that must not act before the app (the donation form) is disabled until then.

let heldButton: HTMLButtonElement | null = null

const nameOf = (button: HTMLButtonElement) =>
  (button.getAttribute('aria-label') ?? button.textContent ?? '').trim()

function hold(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest('button') : null
  if (!button || button.matches(':disabled')) return
  event.preventDefault()
  heldButton = button
}

/** The button the app drew in place of the one tapped (a visitor with a session gets the page drawn afresh): the one
 * enabled button of the same name, or none when the redrawn page has none or several. */
function redrawnAs(tapped: HTMLButtonElement): HTMLButtonElement | null {
  const name = nameOf(tapped)
  if (!name) return null
  const same = [...document.querySelectorAll('button')].filter(
    (button) => !button.disabled && nameOf(button) === name,
  )
  return same.length === 1 ? (same[0] ?? null) : null
}

export function holdEarlyTaps(): void {
  document.addEventListener('click', hold, true)
}

/** The app has taken the page over: taps reach it from now on, and the one held is given to it, or to the button of
 * the same name when the app has drawn the page afresh. */
export function answerEarlyTap(): void {
  document.removeEventListener('click', hold, true)
  const button = heldButton
  heldButton = null
  if (!button) return
  ;(button.isConnected ? button : redrawnAs(button))?.click()
}
