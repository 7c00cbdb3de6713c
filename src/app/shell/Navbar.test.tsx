import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { tokenAtom, walletAtom } from '../../state/auth.atoms'
import { renderAt, resetApp, store } from '../../testing/harness'
import { Navbar } from './Navbar'

const names = () => [...screen.getByRole('banner').querySelectorAll('a, button')].map((el) => el.textContent)

describe('the navbar', () => {
  beforeEach(resetApp)

  it('offers Connect Wallet, Login and Register to visitors', () => {
    renderAt('/', [{ path: '/', element: <Navbar /> }])
    expect(names()).toEqual([
      'Lifeline',
      'Explore Emergencies',
      'Fundraise Airdrop',
      'Onchain Verify',
      'Connect Wallet',
      'Login',
      'Register',
    ])
  })

  it('offers Create Emergency, Dashboard, the account and Logout when wallet and token both exist', () => {
    store.set(walletAtom, 'Wallet1111')
    store.set(tokenAtom, 'A')
    renderAt('/', [{ path: '/', element: <Navbar /> }])
    expect(names()).toEqual([
      'Lifeline',
      'Explore Emergencies',
      'Fundraise Airdrop',
      'Onchain Verify',
      'Create Emergency',
      'Dashboard',
      'Wall…1111',
      'Logout',
    ])
    expect(screen.getByRole('button', { name: 'Account Wallet1111' }).getAttribute('aria-haspopup')).toBe(
      'dialog',
    )
  })

  it('treats a token without a wallet as logged out', () => {
    store.set(tokenAtom, 'A')
    renderAt('/', [{ path: '/', element: <Navbar /> }])
    expect(names()).toContain('Login')
  })
})
