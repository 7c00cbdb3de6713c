// Every route of the product on one screen, each page lazily loaded.
import type { RouteObject } from '../lib/router'
import { Layout } from './shell/Layout'
import { RequireAdmin } from './RequireAdmin'
import { RequireAuth } from './RequireAuth'
import { RouteError } from './RouteError'

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => {
  const { default: Component } = await load()
  return { Component }
}

/** /donate/:id: the emergencies feature's page with the donations feature's form and live list, and the share
 * feature's Share button and phone QR panel, in its slots. */
const donatePage = async () => {
  const [{ DonatePage }, { DonationPanel }, { EmergencyDonations }, { ShareButton }, { PhoneDonateSlot }] =
    await Promise.all([
      import('../features/emergencies/DonatePage'),
      import('../features/donations/DonationPanel'),
      import('../features/donations/EmergencyDonations'),
      import('../features/share/ShareButton'),
      import('../features/share/PhoneDonateSlot'),
    ])
  return {
    element: (
      <DonatePage
        DonateForm={DonationPanel}
        Donations={EmergencyDonations}
        Share={ShareButton}
        PhoneDonate={PhoneDonateSlot}
      />
    ),
  }
}

/** Screens for signed-in users: without a token, to /login and back after. */
const guarded = (route: RouteObject): RouteObject => ({ element: <RequireAuth />, children: [route] })

/** The /admin/* screens: signed in (RequireAuth), then admins only (RequireAdmin). */
const admin = (routes: RouteObject[]): RouteObject =>
  guarded({ path: 'admin', element: <RequireAdmin />, children: routes })

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: page(() => import('../features/home/HomePage')) },
      { path: 'login', lazy: page(() => import('../features/auth/LoginPage')) },
      { path: 'register', lazy: page(() => import('../features/auth/RegisterPage')) },
      // Phantom and Solflare send phone users back here (src/wallet/callback, issue 7).
      {
        path: 'wallet/callback/:requestId',
        lazy: page(() => import('../wallet/callback/WalletCallbackPage')),
      },
      { path: 'unauthorized', lazy: page(() => import('../features/auth/UnauthorizedPage')) },
      { path: 'explore', lazy: page(() => import('../features/emergencies/ExplorePage')) },
      { path: 'featured', lazy: page(() => import('../features/emergencies/FeaturedPage')) },
      { path: 'public', lazy: page(() => import('../features/donations/PublicFeedPage')) },
      { path: 'donate/:id', lazy: donatePage },
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
