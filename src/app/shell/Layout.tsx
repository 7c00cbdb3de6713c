import { HydrateLater } from '../../lib/hydrate-later'
import { Outlet, ScrollRestoration } from '../../lib/router'
import { AccountHost } from './account/AccountHost'
import { Footer } from './Footer'
import { InstallHost } from './install/InstallHost'
import styles from './Layout.module.css'
import { Navbar } from './Navbar'
import { OfflineBanner } from './OfflineBanner'
import { TabBar } from './TabBar'
import { Toaster } from './Toaster'
import { UpdatePrompt } from './UpdatePrompt'
import { WalletHost } from './WalletHost'
import { SessionWatcher } from './SessionWatcher'

export function Layout() {
  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <Navbar />
      <OfflineBanner />
      <div id="main" className={styles.main}>
        {/* The page (one <main>) is taken over in a task after the shell's. */}
        <HydrateLater>
          <Outlet />
        </HydrateLater>
      </div>
      <Footer />
      <TabBar />
      <Toaster />
      <UpdatePrompt />
      <InstallHost />
      <AccountHost />
      <WalletHost />
      <SessionWatcher />
      <ScrollRestoration />
    </div>
  )
}
