import { createBrowserRouter, RouterProvider } from '../lib/router'
import { routes } from './routes'

export const router = createBrowserRouter(routes)

export function App() {
  return <RouterProvider router={router} />
}
