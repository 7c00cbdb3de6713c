import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { tokenAtom, walletAtom } from '../../state/auth.atoms'
import { renderAt, resetApp, store } from '../../testing/harness'
import { TabBar } from './TabBar'

/** The tab bar drawn at /: each tab's visible label, and whether it shows an icon drawn in its own markup and
 * hidden from screen readers. */
function tabsShown() {
  renderAt('/', [{ path: '/', element: <TabBar /> }])
  return [...screen.getByRole('navigation', { name: 'Tabs' }).querySelectorAll('a, button')].map((tab) => {
    const icon = tab.querySelector('svg[aria-hidden="true"] path')
    return [tab.textContent, Boolean(icon?.getAttribute('d'))]
  })
}

describe('the tab bar', () => {
  beforeEach(resetApp)

  it('shows visitors Explore, Verify, Airdrops and Login, each with its icon', () => {
    expect(tabsShown()).toEqual([
      ['Explore', true],
      ['Verify', true],
      ['Airdrops', true],
      ['Login', true],
    ])
  })

  it('shows Dashboard and Account instead of Login once signed in', () => {
    store.set(walletAtom, 'Wallet1111')
    store.set(tokenAtom, 'A')
    expect(tabsShown()).toEqual([
      ['Explore', true],
      ['Verify', true],
      ['Airdrops', true],
      ['Dashboard', true],
      ['Account', true],
    ])
  })
})
