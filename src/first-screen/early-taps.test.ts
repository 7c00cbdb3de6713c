import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerEarlyTap, holdEarlyTaps } from './early-taps'

/** A button of the server's markup: the app's handler is attached only when it takes the page over. */
function serverButton(): HTMLButtonElement {
  const button = document.createElement('button')
  button.textContent = 'Connect Wallet'
  document.body.append(button)
  return button
}

const tap = (element: Element) =>
  element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))

describe('taps before the app has taken the page over', () => {
  afterEach(() => {
    answerEarlyTap()
    document.body.replaceChildren()
  })

  it('answers a tap on a button once the app has taken the page over, once', () => {
    holdEarlyTaps()
    const button = serverButton()
    const notCancelled = tap(button)
    expect(notCancelled).toBe(false)

    const handler = vi.fn()
    button.addEventListener('click', handler)
    answerEarlyTap()
    expect(handler).toHaveBeenCalledOnce()

    tap(button)
    expect(handler).toHaveBeenCalledTimes(2)
  })

  it('leaves links to the browser', () => {
    holdEarlyTaps()
    const link = document.createElement('a')
    link.href = '#explore'
    document.body.append(link)
    expect(tap(link)).toBe(true)
  })

  it('drops a tap on a button the app has drawn afresh', () => {
    holdEarlyTaps()
    const button = serverButton()
    tap(button)
    const handler = vi.fn()
    button.addEventListener('click', handler)
    button.remove()
    answerEarlyTap()
    expect(handler).not.toHaveBeenCalled()
  })
})
