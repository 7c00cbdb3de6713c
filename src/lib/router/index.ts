// The app's router (docs/decisions/010-own-router.md): the part of React Router's API the app uses, in a few
// KB instead of React Router's ~95 KB, which was most of the first screen's JavaScript.
export { useLocation, useNavigate, useParams, useRouteError, useSearchParams } from './hooks'
export { Link, Navigate, NavLink } from './links'
export { createBrowserRouter, createMemoryRouter } from './router'
export { Outlet, RouterProvider } from './RouterProvider'
export { ScrollRestoration } from './ScrollRestoration'
export type { RouteObject } from './types'
