import { afterEach, describe, expect, it, vi } from 'vitest'
import { readConnectionEnvironment } from './connection-environment'

describe('reading the connection environment', () => {
  afterEach(() => {
    delete (window as { phantom?: unknown }).phantom
    vi.unstubAllGlobals()
  })

  it('sees an injected Phantom, the page address and the caller’s wallets and cluster', () => {
    ;(window as { phantom?: unknown }).phantom = { solana: { isPhantom: true } }
    const env = readConnectionEnvironment(['Backpack'], 'local')
    expect(env.injected).toEqual({ phantom: true, solflare: false, solflareApp: false })
    expect(env.pageUrl).toBe(window.location.href)
    expect(env.standardWallets).toEqual(['Backpack'])
    expect(env.cluster).toBe('local')
    expect(env.standalone).toBe(false)
  })

  it('knows an iOS home-screen app by navigator.standalone', () => {
    vi.stubGlobal('navigator', { ...navigator, userAgent: navigator.userAgent, standalone: true })
    expect(readConnectionEnvironment([], null).standalone).toBe(true)
  })
})
