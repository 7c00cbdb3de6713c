import { useRef } from 'react'
import { Outlet, ScrollRestoration } from 'react-router-dom'
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
import { usePageTransition } from './use-page-transition'

export function Layout() {
  const page = useRef<HTMLDivElement>(null)
  usePageTransition(page)
  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <Navbar />
      <OfflineBanner />
      <div id="main" ref={page} className={styles.main}>
        <Outlet />
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
