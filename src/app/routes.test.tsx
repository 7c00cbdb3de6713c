import { render, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { beforeEach, describe, expect, it } from 'vitest'
import { resetApp, stubApi } from '../testing/harness'
import { routes } from './routes'

const ADMIN_SCREENS = [
  '/admin',
  '/admin/flagged',
  '/admin/kyc-submissions',
  '/admin/campaign-pay',
  '/admin/investview',
]

describe('the routes', () => {
  beforeEach(() => {
    resetApp()
    stubApi({})
  })

  it.each(ADMIN_SCREENS)(
    'send a visitor without a token from %s to /login, to come back after',
    async (path) => {
      const router = createMemoryRouter(routes, { initialEntries: [path] })
      render(<RouterProvider router={router} />)
      // The first case also pays for loading the route modules: a generous deadline for a loaded machine.
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 10_000 })
      expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(path)
    },
  )
})
