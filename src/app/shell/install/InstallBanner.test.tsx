import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { store } from '../../../testing/harness'

/** Chrome's event as the app receives it; the user accepts the dialog. */
function chromeOffer() {
  const prompt = vi.fn(async () => undefined)
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  })
  return { event, prompt }
}

/** A fresh page: the install modules evaluated again, as after a reload (the dismissal is read at start). */
async function freshPage() {
  vi.resetModules()
  const listener = await import('./install-listener')
  const { default: InstallBanner } = await import('./InstallBanner')
  listener.listenForInstallPrompt(store)
  return InstallBanner
}

describe('the install banner', () => {
  beforeEach(() => localStorage.clear())

  it('opens Chrome’s install dialog from Install, then steps aside once installed', async () => {
    const InstallBanner = await freshPage()
    const { event, prompt } = chromeOffer()
    act(() => void window.dispatchEvent(event))
    render(<InstallBanner />)
    expect(event.defaultPrevented).toBe(true)
    await userEvent.click(screen.getByRole('button', { name: 'Install' }))
    expect(prompt).toHaveBeenCalledOnce()
    expect(screen.queryByRole('complementary', { name: 'Install Lifeline' })).toBeNull()
  })

  it('keeps an offer Chrome made before the app arrived, with Chrome’s own infobar held back', async () => {
    vi.resetModules()
    const catcher = await import('./install-prompt-catcher')
    catcher.catchInstallPrompt()
    const { event, prompt } = chromeOffer()
    act(() => void window.dispatchEvent(event))
    expect(event.defaultPrevented).toBe(true)

    const listener = await import('./install-listener')
    const { default: InstallBanner } = await import('./InstallBanner')
    listener.listenForInstallPrompt(store)
    render(<InstallBanner />)
    await userEvent.click(screen.getByRole('button', { name: 'Install' }))
    expect(prompt).toHaveBeenCalledOnce()
  })

  it('remembers Not now on this device, across a reload', async () => {
    const InstallBanner = await freshPage()
    act(() => void window.dispatchEvent(chromeOffer().event))
    const first = render(<InstallBanner />)
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }))
    expect(screen.queryByRole('complementary', { name: 'Install Lifeline' })).toBeNull()
    first.unmount()

    const Reloaded = await freshPage()
    act(() => void window.dispatchEvent(chromeOffer().event))
    render(<Reloaded />)
    expect(screen.queryByRole('complementary', { name: 'Install Lifeline' })).toBeNull()
  })
})
