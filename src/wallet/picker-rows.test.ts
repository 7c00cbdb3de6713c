import { describe, expect, it } from 'vitest'
import type { WalletOption } from '../state/wallet.atoms'
import { connectionMatrix, type ConnectionEnvironment } from './connection-matrix'
import { installedWalletNames, pickerRows } from './picker-rows'

const wallet = (name: string, state: Partial<WalletOption> = {}): WalletOption => ({
  name,
  icon: 'data:,',
  url: 'https://example.org',
  detected: false,
  installed: false,
  sandbox: false,
  kind: 'injected',
  ...state,
})

const env = (userAgent: string, wallets: WalletOption[]): ConnectionEnvironment => ({
  userAgent,
  maxTouchPoints: 5,
  standalone: false,
  injected: { phantom: false, solflare: false, solflareApp: false },
  standardWallets: installedWalletNames(wallets),
  cluster: 'local',
  pageUrl: 'http://localhost:8080/donate/3',
})

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36'
const IOS_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1'
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'

describe('the picker rows', () => {
  it('connect Mobile Wallet Adapter first and the Sandbox wallet last on Android Chrome in local mode', () => {
    const wallets = [
      wallet('Mobile Wallet Adapter', { detected: true, kind: 'mobile-wallet-adapter' }),
      wallet('Phantom'),
      wallet('Solflare', { detected: true }),
      wallet('Sandbox wallet', { detected: true, installed: true, sandbox: true, kind: 'sandbox' }),
    ]
    const rows = pickerRows(connectionMatrix(env(ANDROID_CHROME, wallets)).options, wallets)
    expect(rows.map((row) => `${row.action}:${row.option.label}`)).toEqual([
      'connect:Mobile Wallet Adapter',
      'link:Open in Phantom',
      'link:Open in Solflare',
      'connect:Sandbox wallet',
    ])
  })

  it('connect the deep-link wallets on iOS Safari, though as Wallet Standard wallets they count as installed', () => {
    const wallets = [
      wallet('Phantom', { detected: true, installed: true, kind: 'deeplink' }),
      wallet('Solflare', { detected: true, installed: true, kind: 'deeplink' }),
    ]
    const rows = pickerRows(connectionMatrix(env(IOS_SAFARI, wallets)).options, wallets)
    expect(rows.map((row) => `${row.action}:${row.option.label}:${row.option.reason}`)).toEqual([
      'connect:Phantom:Opens the Phantom app, which calls this local test ledger Devnet',
      'connect:Solflare:Opens the Solflare app, which calls this local test ledger Devnet',
      "link:Open in Phantom:Opens this page in Phantom's browser",
      "link:Open in Solflare:Opens this page in Solflare's browser",
    ])
  })

  it('leave out a way whose wallet the stack does not have, rather than offer a dead button', () => {
    const wallets = [wallet('Phantom')]
    const rows = pickerRows(connectionMatrix(env(ANDROID_CHROME, wallets)).options, wallets)
    expect(rows.some((row) => row.option.kind === 'mobile-wallet-adapter')).toBe(false)
  })

  it('connect the installed extension and link to the missing one on a desktop', () => {
    const wallets = [
      wallet('Phantom', { detected: true, installed: true }),
      wallet('Solflare', { detected: true }),
    ]
    const rows = pickerRows(connectionMatrix(env(DESKTOP, wallets)).options, wallets)
    expect(
      rows.map((row) => (row.action === 'link' ? `link:${row.href}` : `connect:${row.wallet.name}`)),
    ).toEqual(['connect:Phantom', 'link:https://solflare.com/download'])
  })
})
