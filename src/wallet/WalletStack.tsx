// The lazily loaded wallet stack: wallet-adapter with Phantom and Solflare (Wallet Standard wallets
// first: the provider drops a legacy adapter whose name a standard wallet already uses), our Mobile Wallet
// Adapter on Android Chrome (mobile-wallet-adapter.ts), Phantom and Solflare through deep links on phone
// browsers without an injected wallet (docs/decisions/007-phone-wallets.md), and in local mode the Sandbox
// wallet.
import { ConnectionProvider, WalletProvider } from '@solana/wallet-adapter-react'
import { PhantomWalletAdapter } from '@solana/wallet-adapter-phantom'
import { SolflareWalletAdapter } from '@solana/wallet-adapter-solflare'
import type { WalletError } from '@solana/wallet-adapter-base'
import { useEffect, useMemo, useRef, useState } from 'react'
import { registerDeepLinkWallets, wantsDeepLinkWallets } from './deeplink-wallet/register'
import { WalletPrompt } from './deeplink-wallet/WalletPrompt'
import { useWithMobileWalletAdapter } from './mobile-wallet-adapter'
import { ResumePendingFlow } from '../flows/ResumePendingFlow'
import { absoluteUrl, loadRuntimeConfig, type RuntimeConfig } from './runtime-config'
import { registerSandboxWallet } from './sandbox/register'
import { WalletSync } from './WalletSync'

export default function WalletStack() {
  const [config, setConfig] = useState<RuntimeConfig | null | undefined>(undefined)
  const errorHandler = useRef<(error: WalletError) => void>(() => undefined)
  const adapters = useMemo(() => [new PhantomWalletAdapter(), new SolflareWalletAdapter()], [])
  const wallets = useWithMobileWalletAdapter(adapters, config?.cluster)

  useEffect(() => {
    void loadRuntimeConfig().then((loaded) => {
      // Judged before our own wallets register: only a wallet the browser brought counts as injected.
      if (loaded && wantsDeepLinkWallets(loaded.cluster)) {
        const [phantom, solflare] = adapters
        registerDeepLinkWallets(loaded, { Phantom: phantom!.icon, Solflare: solflare!.icon })
      }
      if (loaded?.cluster === 'local') registerSandboxWallet(loaded)
      setConfig(loaded)
    })
  }, [adapters])

  if (config === undefined) return null
  const endpoint = absoluteUrl(config?.rpc_url ?? '/rpc', 'http')
  const wsEndpoint = config?.ws_url ? absoluteUrl(config.ws_url, 'ws') : undefined
  return (
    <ConnectionProvider endpoint={endpoint} config={{ commitment: 'confirmed', wsEndpoint }}>
      <WalletProvider wallets={wallets} autoConnect onError={(error) => errorHandler.current(error)}>
        <WalletSync errorHandler={errorHandler} />
        <WalletPrompt />
        <ResumePendingFlow />
      </WalletProvider>
    </ConnectionProvider>
  )
}
