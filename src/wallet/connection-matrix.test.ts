import { describe, expect, it } from 'vitest'
import {
  browseLink,
  connectionMatrix,
  fallbackOptions,
  offeredWallet,
  offersDeepLinks,
  type ConnectionEnvironment,
  type ConnectionOption,
} from './connection-matrix'

const UA = {
  desktopChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
  androidWebView:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/140.0.0.0 Mobile Safari/537.36',
  androidFirefox: 'Mozilla/5.0 (Android 14; Mobile; rv:140.0) Gecko/140.0 Firefox/140.0',
  iosSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  ipadOsSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15',
  phantomIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Phantom/ios/25.10.0',
  phantomAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36 Phantom/android/25.10.0',
}

const PAGE = 'https://lifeline.example/donate/42?ref=share'

function env(overrides: Partial<ConnectionEnvironment> = {}): ConnectionEnvironment {
  return {
    userAgent: UA.desktopChrome,
    maxTouchPoints: 0,
    standalone: false,
    injected: { phantom: false, solflare: false, solflareApp: false },
    standardWallets: [],
    cluster: 'devnet',
    pageUrl: PAGE,
    ...overrides,
  }
}

const summary = (options: ConnectionOption[]) => options.map(({ kind, wallet }) => `${kind}:${wallet}`)

describe('the connection matrix', () => {
  describe('on a desktop', () => {
    it('offers the injected wallets, one entry per wallet however it is injected', () => {
      const verdict = connectionMatrix(
        env({
          injected: { phantom: true, solflare: false, solflareApp: false },
          standardWallets: ['Phantom', 'Backpack'],
        }),
      )
      expect(verdict.row).toBe('desktop')
      expect(summary(verdict.options)).toEqual(['injected:Phantom', 'injected:Backpack', 'install:Solflare'])
      expect(verdict.options[0]?.reason).toBe('Installed in this browser')
    })

    it('offers Install for Phantom and Solflare when no extension is there, and no deep links', () => {
      const { options } = connectionMatrix(env())
      expect(summary(options)).toEqual(['install:Phantom', 'install:Solflare'])
      expect(options.map((option) => option.href)).toEqual([
        'https://phantom.app/download',
        'https://solflare.com/download',
      ])
      expect(offersDeepLinks(env())).toBe(false)
    })

    it('adds the Sandbox wallet last in local mode', () => {
      const { options } = connectionMatrix(
        env({ cluster: 'local', standardWallets: ['Sandbox wallet', 'Solflare'] }),
      )
      expect(summary(options)).toEqual(['injected:Solflare', 'install:Phantom', 'sandbox:Sandbox wallet'])
      expect(options.at(-1)?.reason).toBe('Test SOL on the local ledger, not real')
    })
  })

  describe('on Android Chrome', () => {
    it('puts Mobile Wallet Adapter first, then the deep-link wallets and the in-app browser links', () => {
      const verdict = connectionMatrix(env({ userAgent: UA.androidChrome, maxTouchPoints: 5 }))
      expect(verdict.row).toBe('android-chrome')
      expect(summary(verdict.options)).toEqual([
        'mobile-wallet-adapter:Mobile Wallet Adapter',
        'deeplink:Phantom',
        'deeplink:Solflare',
        'browse:Phantom',
        'browse:Solflare',
      ])
      expect(verdict.options[1]?.reason).toBe('Opens the Phantom app')
    })

    it('keeps Mobile Wallet Adapter first in local mode, with the Sandbox wallet last', () => {
      const { options } = connectionMatrix(
        env({ userAgent: UA.androidChrome, cluster: 'local', standardWallets: ['Sandbox wallet'] }),
      )
      expect(options[0]?.kind).toBe('mobile-wallet-adapter')
      expect(options.at(-1)?.kind).toBe('sandbox')
    })

    it('says on the local ledger that the wallet app will call it Devnet', () => {
      const { options } = connectionMatrix(env({ userAgent: UA.androidChrome, cluster: 'local' }))
      expect(options.filter((option) => option.kind === 'deeplink').map((option) => option.reason)).toEqual([
        'Opens the Phantom app, which calls this local test ledger Devnet',
        'Opens the Solflare app, which calls this local test ledger Devnet',
      ])
    })

    it('offers the same to the installed app, which keeps Chrome’s user agent', () => {
      const browser = connectionMatrix(env({ userAgent: UA.androidChrome }))
      const installed = connectionMatrix(env({ userAgent: UA.androidChrome, standalone: true }))
      expect(installed).toEqual(browser)
    })

    it('offers no Mobile Wallet Adapter in a WebView or Firefox, where it does not work', () => {
      for (const userAgent of [UA.androidWebView, UA.androidFirefox]) {
        const verdict = connectionMatrix(env({ userAgent }))
        expect(verdict.row).toBe('phone-browser')
        expect(summary(verdict.options)[0]).toBe('deeplink:Phantom')
      }
    })
  })

  describe("in a wallet's own browser", () => {
    it('offers only Phantom inside Phantom, even in local mode', () => {
      for (const userAgent of [UA.phantomIos, UA.phantomAndroid]) {
        const verdict = connectionMatrix(
          env({
            userAgent,
            cluster: 'local',
            injected: { phantom: true, solflare: false, solflareApp: false },
            standardWallets: ['Phantom', 'Sandbox wallet'],
          }),
        )
        expect(verdict.row).toBe('in-app-browser')
        expect(verdict.options).toEqual([
          { kind: 'injected', wallet: 'Phantom', label: 'Phantom', reason: "Works inside Phantom's browser" },
        ])
      }
    })

    it('offers only Solflare inside Solflare (its app injects window.SolflareApp)', () => {
      const verdict = connectionMatrix(
        env({ userAgent: UA.iosSafari, injected: { phantom: false, solflare: true, solflareApp: true } }),
      )
      expect(summary(verdict.options)).toEqual(['injected:Solflare'])
      expect(verdict.options[0]?.reason).toBe("Works inside Solflare's browser")
    })
  })

  describe('in a phone browser without a wallet', () => {
    it('offers the deep-link wallets, then Open in Phantom and Open in Solflare for this very page', () => {
      const verdict = connectionMatrix(env({ userAgent: UA.iosSafari, maxTouchPoints: 5 }))
      expect(verdict.row).toBe('phone-browser')
      expect(summary(verdict.options)).toEqual([
        'deeplink:Phantom',
        'deeplink:Solflare',
        'browse:Phantom',
        'browse:Solflare',
      ])
      const [, , phantom, solflare] = verdict.options
      expect(phantom?.label).toBe('Open in Phantom')
      expect(phantom?.href).toBe(
        'https://phantom.app/ul/browse/https%3A%2F%2Flifeline.example%2Fdonate%2F42%3Fref%3Dshare?ref=https%3A%2F%2Flifeline.example',
      )
      expect(solflare?.label).toBe('Open in Solflare')
      expect(solflare?.href).toBe(
        'https://solflare.com/ul/v1/browse/https%3A%2F%2Flifeline.example%2Fdonate%2F42%3Fref%3Dshare?ref=https%3A%2F%2Flifeline.example',
      )
      expect(offersDeepLinks(env({ userAgent: UA.iosSafari }))).toBe(true)
    })

    it('treats iPadOS Safari, which sends a Mac user agent, as a phone browser by its touch points', () => {
      expect(connectionMatrix(env({ userAgent: UA.ipadOsSafari, maxTouchPoints: 5 })).row).toBe(
        'phone-browser',
      )
      expect(connectionMatrix(env({ userAgent: UA.ipadOsSafari, maxTouchPoints: 0 })).row).toBe('desktop')
    })

    it('adds the Sandbox wallet last in local mode and never on devnet, mainnet or an unknown cluster', () => {
      const local = connectionMatrix(env({ userAgent: UA.iosSafari, cluster: 'local' }))
      expect(local.options.at(-1)?.kind).toBe('sandbox')
      for (const cluster of ['devnet', 'mainnet-beta', null] as const) {
        const { options } = connectionMatrix(env({ userAgent: UA.iosSafari, cluster }))
        expect(options.some((option) => option.kind === 'sandbox')).toBe(false)
      }
    })
  })

  describe('in a phone browser with a wallet injected', () => {
    it('offers the injected wallet and no deep links (e.g. a Safari extension)', () => {
      const phone = env({
        userAgent: UA.iosSafari,
        injected: { phantom: true, solflare: false, solflareApp: false },
      })
      expect(summary(connectionMatrix(phone).options)).toEqual(['injected:Phantom'])
      expect(offersDeepLinks(phone)).toBe(false)
    })

    it('keeps Mobile Wallet Adapter beside it on Android Chrome', () => {
      const { options } = connectionMatrix(
        env({ userAgent: UA.androidChrome, standardWallets: ['Backpack'] }),
      )
      expect(summary(options)).toEqual(['injected:Backpack', 'mobile-wallet-adapter:Mobile Wallet Adapter'])
    })
  })

  it('builds browse links that decode back to the page, with its origin as ref', () => {
    const link = new URL(browseLink('Phantom', 'http://localhost:8080/donate/7'))
    const encodedPage = link.pathname.slice('/ul/browse/'.length)
    expect(decodeURIComponent(encodedPage)).toBe('http://localhost:8080/donate/7')
    expect(link.searchParams.get('ref')).toBe('http://localhost:8080')
  })
})

describe('the wallet an environment offers (before one is connected)', () => {
  it("is the wallet whose browser this is: Solflare's in-app browser names Solflare", () => {
    expect(offeredWallet(env({ userAgent: `${UA.iosSafari} Solflare/1.9` }))).toBe('Solflare')
    expect(offeredWallet(env({ userAgent: UA.phantomIos }))).toBe('Phantom')
  })

  it('is the only injected wallet on a desktop, and nothing when there are none or several', () => {
    const solflare = { phantom: false, solflare: true, solflareApp: false }
    expect(offeredWallet(env({ injected: solflare }))).toBe('Solflare')
    expect(offeredWallet(env())).toBeNull()
    expect(offeredWallet(env({ injected: { ...solflare, phantom: true } }))).toBeNull()
  })
})

describe('the other ways, when the picker finds no wallet', () => {
  it("offers a phone both wallets' browsers, and the Sandbox wallet in local mode", () => {
    expect(summary(fallbackOptions(env({ userAgent: UA.iosSafari, cluster: 'local' })))).toEqual([
      'browse:Phantom',
      'browse:Solflare',
      'sandbox:Sandbox wallet',
    ])
  })

  it('offers a desktop the install pages', () => {
    expect(summary(fallbackOptions(env()))).toEqual(['install:Phantom', 'install:Solflare'])
  })
})
