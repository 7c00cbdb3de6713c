// Every route of the product on one screen, each page lazily loaded. The public pages (their first screen rendered
// by the server with their data) come from their one list, src/first-screen/public-pages.ts.
import type { ComponentType } from 'react'
import type { LoaderFunction, RouteObject } from 'react-router-dom'
import type { HeadOf } from '../first-screen/page-head'
import { PUBLIC_PAGES, type PublicPage } from '../first-screen/public-pages'
import { Layout } from './shell/Layout'
import { RequireAdmin } from './RequireAdmin'
import { RequireAuth } from './RequireAuth'
import { RouteError } from './RouteError'

type PageModule = { default: ComponentType }
/** A public page's loader module: its reads, and what they add to the served page's head. */
export type LoaderModule = { loader: LoaderFunction; head?: HeadOf<never> }
/** What a public page's route carries (the server's render reads it). */
export interface PublicPageHandle {
  publicPage: string
  loaderModule: () => Promise<LoaderModule>
}
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default })

// Keyed from the repository root ('/src/…'), as the list names them.
const pageModules = import.meta.glob<PageModule>(['/src/features/**/*Page.tsx', '/src/app/**/*Route.tsx'])
const loaderModules = import.meta.glob<LoaderModule>('/src/**/*.loader.ts')

function found<T>(modules: Record<string, () => Promise<T>>, file: string): () => Promise<T> {
  const load = modules[`/${file}`]
  if (!load) throw new Error(`src/first-screen/public-pages.ts names ${file}, which is not there`)
  return load
}

/** A public page's route: its page and its loader load beside each other; its handle names it. */
function publicRoute([name, entry]: [string, PublicPage]): RouteObject {
  const loadPage = found(pageModules, entry.page)
  const loadLoader = found(loaderModules, entry.loader)
  const handle: PublicPageHandle = { publicPage: name, loaderModule: loadLoader }
  return {
    path: entry.path,
    handle,
    lazy: {
      Component: async () => (await loadPage()).default,
      loader: async () => (await loadLoader()).loader,
    },
  }
}

/** Screens for signed-in users: without a token, to /login and back after. */
const guarded = (route: RouteObject): RouteObject => ({ element: <RequireAuth />, children: [route] })

/** The /admin/* screens: signed in (RequireAuth), then admins only (RequireAdmin). */
const admin = (routes: RouteObject[]): RouteObject =>
  guarded({ path: 'admin', element: <RequireAdmin />, children: routes })

export const ROOT_ROUTE_ID = 'root'

export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      ...Object.entries(PUBLIC_PAGES).map(publicRoute),
      { path: 'login', lazy: page(() => import('../features/auth/LoginPage')) },
      { path: 'register', lazy: page(() => import('../features/auth/RegisterPage')) },
      // Phantom and Solflare send phone users back here (src/wallet/callback, issue 7).
      {
        path: 'wallet/callback/:requestId',
        lazy: page(() => import('../wallet/callback/WalletCallbackPage')),
      },
      { path: 'unauthorized', lazy: page(() => import('../features/auth/UnauthorizedPage')) },
      guarded({ path: 'create', lazy: page(() => import('../features/emergencies/CreatePage')) }),
      guarded({ path: 'edit/:id', lazy: page(() => import('../features/emergencies/EditPage')) }),
      guarded({ path: 'dashboard', lazy: page(() => import('../features/dashboard/DashboardPage')) }),
      { path: 'airdrops', lazy: page(() => import('../features/airdrops/AirdropsLandingPage')) },
      { path: 'airdrops-list', lazy: page(() => import('../features/airdrops/AirdropsListPage')) },
      { path: 'airdrops/view/:id', lazy: page(() => import('../features/airdrops/CampaignViewPage')) },
      guarded({ path: 'airdrop/start', lazy: page(() => import('../features/airdrops/StartPage')) }),
      guarded({ path: 'airdrop/kyc', lazy: page(() => import('../features/kyc/OwnerKycPage')) }),
      guarded({
        path: 'airdrop/create',
        lazy: page(() => import('../features/airdrops/CreateCampaignPage')),
      }),
      guarded({
        path: 'airdrop/payment/:campaign_id',
        lazy: page(() => import('../features/airdrops/PaymentPage')),
      }),
      guarded({ path: 'airdrop/my', lazy: page(() => import('../features/airdrops/MyCampaignsPage')) }),
      guarded({ path: 'investor/kyc', lazy: page(() => import('../features/kyc/InvestorKycPage')) }),
      guarded({
        path: 'airdrops/invest/:campaign_id',
        lazy: page(() => import('../features/airdrops/invest/InvestPage')),
      }),
      guarded({
        path: 'investor/dashboard',
        lazy: page(() => import('../features/airdrops/invest/InvestorDashboardPage')),
      }),
      guarded({ path: 'chat/:session_id', lazy: page(() => import('../features/chat/ChatPage')) }),
      admin([
        { index: true, lazy: page(() => import('../features/admin/AdminPage')) },
        { path: 'flagged', lazy: page(() => import('../features/admin/FlaggedPage')) },
        { path: 'kyc-submissions', lazy: page(() => import('../features/admin/KycSubmissionsPage')) },
        { path: 'campaign-pay', lazy: page(() => import('../features/admin/CampaignPaymentsPage')) },
        { path: 'investview', lazy: page(() => import('../features/admin/InvestViewPage')) },
      ]),
      { path: '*', lazy: page(() => import('../features/home/NotFoundPage')) },
    ],
  },
]
