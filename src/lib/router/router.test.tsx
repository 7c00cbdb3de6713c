import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createMemoryRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  RouterProvider,
  ScrollRestoration,
  useParams,
  useRouteError,
  useSearchParams,
} from '.'
import type { LazyRoute, RouteObject } from './types'

/** A route module the test hands over by hand, to see what shows while it loads. */
function deferredPage() {
  let resolve!: (route: LazyRoute) => void
  let reject!: (error: Error) => void
  const promise = new Promise<LazyRoute>((done, fail) => ((resolve = done), (reject = fail)))
  return { lazy: () => promise, resolve, reject }
}

const Failure = () => <p>failed: {String((useRouteError() as Error).message)}</p>
const DonatePage = () => <h1>donate {useParams().id}</h1>

function Search() {
  const [params, setParams] = useSearchParams()
  return (
    <button type="button" onClick={() => setParams({ q: 'flood', page: '2' })}>
      q={params.get('q') ?? ''}
    </button>
  )
}

function layout(children: RouteObject[]): RouteObject[] {
  return [
    {
      element: (
        <>
          <nav>
            <NavLink to="/explore">Explore</NavLink>
            <Link to="/donate/7">Donate</Link>
          </nav>
          <Outlet />
        </>
      ),
      errorElement: <Failure />,
      children,
    },
  ]
}

describe('the router', () => {
  afterEach(() => {
    cleanup()
    vi.restoreAllMocks()
  })

  it("keeps the current page until the next page's code has loaded, then shows it", async () => {
    const donate = deferredPage()
    const router = createMemoryRouter(
      layout([
        { path: 'explore', element: <h1>explore</h1> },
        { path: 'donate/:id', lazy: donate.lazy },
      ]),
      { initialEntries: ['/explore'] },
    )
    render(<RouterProvider router={router} />)
    fireEvent.click(screen.getByRole('link', { name: 'Donate' }))
    expect(screen.getByRole('heading').textContent).toBe('explore')
    expect(router.state.location.pathname).toBe('/explore')
    await act(async () => donate.resolve({ Component: DonatePage }))
    expect(screen.getByRole('heading').textContent).toBe('donate 7')
    expect(router.state.location.pathname).toBe('/donate/7')
  })

  it('goes where the last navigation leads when an earlier one is still loading', async () => {
    const slow = deferredPage()
    const router = createMemoryRouter(
      layout([
        { path: 'explore', element: <h1>explore</h1> },
        { path: 'slow', lazy: slow.lazy },
        { path: 'fast', element: <h1>fast</h1> },
      ]),
      { initialEntries: ['/explore'] },
    )
    render(<RouterProvider router={router} />)
    const first = router.navigate('/slow')
    await act(() => router.navigate('/fast'))
    await act(async () => {
      slow.resolve({ element: <h1>slow</h1> })
      await first
    })
    expect(screen.getByRole('heading').textContent).toBe('fast')
    expect(router.state.location.pathname).toBe('/fast')
  })

  it("shows the errorElement when a page's code fails to load, with the error", async () => {
    const broken = deferredPage()
    const router = createMemoryRouter(layout([{ path: 'broken', lazy: broken.lazy }]), {
      initialEntries: ['/broken'],
    })
    render(<RouterProvider router={router} />)
    await act(async () => broken.reject(new Error('offline')))
    expect(screen.getByText('failed: offline')).toBeTruthy()
    expect(screen.queryByRole('navigation')).toBeNull()
  })

  it('shows the errorElement when a page throws while rendering, and the next page again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const Throws = () => {
      throw new Error('bad data')
    }
    const router = createMemoryRouter(
      layout([
        { path: 'throws', element: <Throws /> },
        { path: 'explore', element: <h1>explore</h1> },
      ]),
      { initialEntries: ['/throws'] },
    )
    render(<RouterProvider router={router} />)
    expect(screen.getByText('failed: bad data')).toBeTruthy()
    await act(() => router.navigate('/explore'))
    expect(screen.getByRole('heading').textContent).toBe('explore')
  })

  it('leaves a modified click to the browser (a new tab), and moves on a plain one', async () => {
    const router = createMemoryRouter(
      layout([
        { path: 'explore', element: <h1>explore</h1> },
        { path: 'donate/:id', element: <DonatePage /> },
      ]),
      { initialEntries: ['/explore'] },
    )
    render(<RouterProvider router={router} />)
    const link = screen.getByRole('link', { name: 'Donate' })
    expect(link.getAttribute('href')).toBe('/donate/7')
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true)
    expect(router.state.location.pathname).toBe('/explore')
    expect(fireEvent.click(link)).toBe(false)
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('donate 7'))
  })

  it('marks the link to the current page, and pages below it', async () => {
    const router = createMemoryRouter(
      layout([
        { path: 'explore/*', element: <h1>explore</h1> },
        { path: 'donate/:id', element: <DonatePage /> },
      ]),
      { initialEntries: ['/explore/page/2'] },
    )
    render(<RouterProvider router={router} />)
    const explore = screen.getByRole('link', { name: 'Explore' })
    expect(explore.getAttribute('aria-current')).toBe('page')
    expect(explore.className).toBe('active')
    await act(() => router.navigate('/donate/1'))
    expect(explore.getAttribute('aria-current')).toBeNull()
  })

  it('writes the query on the same path, and goes back to the previous one', async () => {
    const router = createMemoryRouter(layout([{ path: 'explore', element: <Search /> }]), {
      initialEntries: ['/explore?q=fire'],
    })
    render(<RouterProvider router={router} />)
    fireEvent.click(screen.getByRole('button', { name: 'q=fire' }))
    await screen.findByRole('button', { name: 'q=flood' })
    expect(router.state.location.search).toBe('?q=flood&page=2')
    await act(() => router.navigate(-1))
    expect(router.state.location.search).toBe('?q=fire')
    expect(router.state.navigationType).toBe('pop')
  })

  it('redirects with <Navigate>, replacing the entry', async () => {
    const router = createMemoryRouter(
      layout([
        { path: 'old', element: <Navigate to="/explore" replace /> },
        { path: 'explore', element: <h1>explore</h1> },
      ]),
      { initialEntries: ['/', '/old'] },
    )
    render(<RouterProvider router={router} />)
    await screen.findByRole('heading', { name: 'explore' })
    await act(() => router.navigate(-1))
    expect(router.state.location.pathname).toBe('/')
  })

  it('starts a new page at the top and returns to where a page was left on back', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined)
    const page = (name: string): RouteObject => ({ path: name, element: <h1>{name}</h1> })
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <Outlet />
              <ScrollRestoration />
            </>
          ),
          children: [page('explore'), page('donate')],
        },
      ],
      { initialEntries: ['/explore'] },
    )
    render(<RouterProvider router={router} />)
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(640)
    await act(() => router.navigate('/donate'))
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0)
    await act(() => router.navigate(-1))
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640)
  })
})
