// A tap on a button of the server's markup before the app has taken the page over would do nothing: the button's
// handler is the app's, and the app is fetched after the first paint (src/first-screen/boot.ts). The entry holds such a tap
// (the last one) and the app answers it once it has taken the page over. Links and forms work without the app and
// are left to the browser; a control that must not act before the app (the donation form) is disabled until then.

let heldButton: HTMLButtonElement | null = null

function hold(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest('button') : null
  if (!button || button.matches(':disabled')) return
  event.preventDefault()
  heldButton = button
}

export function holdEarlyTaps(): void {
  document.addEventListener('click', hold, true)
}

/** The app has taken the page over: taps reach it from now on, and the one held is given to it. A button the app
 * has drawn afresh (a visitor with a session) is no longer in the page: that tap is dropped. */
export function answerEarlyTap(): void {
  document.removeEventListener('click', hold, true)
  const button = heldButton
  heldButton = null
  if (button?.isConnected) button.click()
}
