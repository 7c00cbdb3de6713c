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

  it('gives the tap to the button of the same name when the app has drawn the page afresh', () => {
    holdEarlyTaps()
    const button = serverButton()
    tap(button)
    button.remove()
    const redrawn = serverButton()
    const handler = vi.fn()
    redrawn.addEventListener('click', handler)
    answerEarlyTap()
    expect(handler).toHaveBeenCalledOnce()
  })

  it('drops the tap when the redrawn page has no button of that name (an owner is offered no flag)', () => {
    holdEarlyTaps()
    const button = serverButton()
    tap(button)
    const handler = vi.fn()
    button.addEventListener('click', handler)
    button.remove()
    const other = document.createElement('button')
    other.textContent = 'Edit'
    other.addEventListener('click', handler)
    document.body.append(other)
    answerEarlyTap()
    expect(handler).not.toHaveBeenCalled()
  })
})
