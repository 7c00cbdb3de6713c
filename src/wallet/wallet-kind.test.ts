import { PhantomWalletAdapter } from '@solana/wallet-adapter-phantom'
import type { Adapter } from '@solana/wallet-adapter-base'
import { describe, expect, test } from 'vitest'
import { SANDBOX_WALLET_NAME } from './sandbox/constants'
import { DEEPLINK_FEATURE, MOBILE_WALLET_ADAPTER_NAME, walletKindOf } from './wallet-kind'

const standard = (name: string, features: string[]) =>
  ({
    name,
    standard: true,
    wallet: { features: Object.fromEntries(features.map((f) => [f, {}])) },
  }) as unknown as Adapter

describe('walletKindOf', () => {
  test('tells the four kinds of wallet apart, including a deep-link Phantom from an injected one', () => {
    expect(walletKindOf(new PhantomWalletAdapter())).toBe('injected')
    expect(walletKindOf(standard('Phantom', ['standard:connect']))).toBe('injected')
    expect(walletKindOf(standard('Phantom', ['standard:connect', DEEPLINK_FEATURE]))).toBe('deeplink')
    expect(walletKindOf(standard(SANDBOX_WALLET_NAME, ['standard:connect']))).toBe('sandbox')
    expect(walletKindOf(standard(MOBILE_WALLET_ADAPTER_NAME, ['standard:connect']))).toBe(
      'mobile-wallet-adapter',
    )
  })
})
