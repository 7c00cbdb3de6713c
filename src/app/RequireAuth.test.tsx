import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { tokenAtom, walletAtom } from '../state/auth.atoms'
import { renderAt, resetApp, store } from '../testing/harness'
import { RequireAuth } from './RequireAuth'

const routes = [
  { path: '/login', element: <p>login screen</p> },
  {
    element: <RequireAuth />,
    children: [
      { path: '/dashboard', element: <p>my dashboard</p> },
      { path: '/edit/:id', element: <p>edit form</p> },
    ],
  },
]

describe('the route guard', () => {
  beforeEach(resetApp)

  it('sends a visitor without a token to /login with the path to come back to', async () => {
    const { router } = renderAt('/edit/7?tab=images', routes)
    expect(await screen.findByText('login screen')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/login')
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/edit/7?tab=images')
  })

  it('lets a user with a token through', async () => {
    store.set(walletAtom, 'Wallet111')
    store.set(tokenAtom, 'jwt')
    renderAt('/dashboard', routes)
    expect(await screen.findByText('my dashboard')).toBeTruthy()
  })
})
