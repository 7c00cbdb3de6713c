// A payment survives the page going away at any step (a wallet deep link reloads it, iOS kills the home-screen
// app, the user reloads): resumed from what was stored, it builds, signs, sends and records exactly once.
import { renderHook } from '@testing-library/react'
import bs58 from 'bs58'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { signedIn, startDonation } from '../testing/donor'
import { resetApp, store } from '../testing/harness'
import { paymentNetwork } from '../testing/payment-network'
import { runFlow } from '../flows/flow-runner'
import { EARLIER_PAYMENT_TEXT, useFlows } from '../flows/use-flows'
import { runDonation, type DonationInput } from './payment.flows'
import { paymentStatusAtom } from './payment-status'
import { RECORD_DEFERRED_TEXT } from './record-once'
import { loadPendingFlow, PENDING_FLOW_KEY, type PendingFlow } from '../flows/pending-flow'
import { toastsAtom } from '../state/toast.atoms'

const donation: DonationInput = {
  emergency_id: 5,
  receiving_wallet: bs58.encode(new Uint8Array(32).fill(9)),
  amount: '200000000',
  tip: '10000000',
  comment: null,
}

class PageClosed extends Error {}

const donate = () => startDonation(donation)

/** Runs the stored flow again, as the page does after a reload. */
function resume() {
  const flow = loadPendingFlow()
  if (!flow) throw new Error('nothing stored to resume')
  return runFlow(store, flow as PendingFlow<DonationInput>, runDonation, true)
}

/**
 * The page goes away at `call`: what was stored at that moment is what the next page finds. With `lands`,
 * the call itself still reaches the network (the page dies right after), and the page goes at the next call.
 */
function closePageAt(net: ReturnType<typeof paymentNetwork>, call: string, then?: string) {
  let stored: string | null = null
  net.before(call, () => {
    net.before(call, undefined)
    stored = localStorage.getItem(PENDING_FLOW_KEY)
    if (!then) throw new PageClosed()
    net.before(then, () => {
      net.before(then, undefined)
      throw new PageClosed()
    })
  })
  return {
    /** The next page load: storage as it was when the page went away. */
    reload() {
      if (stored === null) throw new Error(`the page never reached ${call}`)
      localStorage.setItem(PENDING_FLOW_KEY, stored)
      store.set(paymentStatusAtom, null)
    },
  }
}

beforeEach(() => {
  resetApp()
  vi.unstubAllGlobals()
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
})

describe('resuming after a reload', () => {
  test.each([
    ['while the transaction is prepared', 'simulateTransaction', undefined],
    ['after the transaction went out, before that was stored', 'sendTransaction', 'getSignatureStatuses'],
    ['while waiting for confirmation', 'getSignatureStatuses', undefined],
    ['after the record was sent, before its answer came back', 'donate', 'never'],
  ])('%s: one transaction on-chain, one record', async (_moment, call, then) => {
    const net = paymentNetwork()
    signedIn()
    const page = closePageAt(net, call, then)
    await donate()
    page.reload()
    expect(await resume()).toEqual({})
    expect(net.sent).toHaveLength(1)
    expect(net.records.donate).toHaveLength(1)
    expect(net.records.donate[0]).toMatchObject({ tx_hash: net.sent[0]!.signature })
    expect(loadPendingFlow()).toBeNull()
  })

  test('while the wallet signs (a deep link): the same transaction is signed again, never a new one', async () => {
    const net = paymentNetwork()
    const wallet = signedIn()
    const sign = wallet.bridge.signTransaction
    const asked: string[] = []
    let first = true
    wallet.bridge.signTransaction = vi.fn(async (bytes: Uint8Array) => {
      asked.push(Buffer.from(bytes).toString('base64'))
      if (first) {
        first = false
        const stored = localStorage.getItem(PENDING_FLOW_KEY)
        setTimeout(() => localStorage.setItem(PENDING_FLOW_KEY, stored!))
        throw new PageClosed()
      }
      return sign(bytes)
    })
    await donate()
    await new Promise((resolve) => setTimeout(resolve))
    await resume()
    expect(asked).toHaveLength(2)
    expect(asked[1]).toBe(asked[0])
    expect(net.sent).toHaveLength(1)
    expect(net.records.donate).toHaveLength(1)
  })

  test('a payment sent but not recorded (Lifeline unreachable) stays, and is recorded on the next visit', async () => {
    const net = paymentNetwork()
    signedIn()
    net.answer('donate', 503, { error: 'Service unavailable', detail: '', code: 'service_unavailable' })
    expect(await donate()).toEqual({ keep: true })
    expect(store.get(paymentStatusAtom)?.error).toBe(RECORD_DEFERRED_TEXT)
    expect(loadPendingFlow()?.steps).toHaveProperty('confirmed')

    const recover = paymentNetwork()
    recover.sent.push(...net.sent)
    await resume()
    expect(recover.records.donate).toHaveLength(1)
    expect(net.sent).toHaveLength(1)
    expect(loadPendingFlow()).toBeNull()
  })
})

describe('taps that must not pay twice', () => {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>

  test('a second tap while a donation runs does nothing', async () => {
    const net = paymentNetwork()
    signedIn()
    const { result } = renderHook(() => useFlows(), { wrapper })
    await Promise.all([
      result.current.start('donation', donation),
      result.current.start('donation', donation),
    ])
    expect(net.sent).toHaveLength(1)
    expect(net.records.donate).toHaveLength(1)
  })

  test('a tap after a reload with a signed payment pending finishes that payment instead of paying again', async () => {
    const net = paymentNetwork()
    signedIn()
    const page = closePageAt(net, 'sendTransaction')
    await donate()
    page.reload()
    const { result } = renderHook(() => useFlows(), { wrapper })
    await result.current.start('donation', { ...donation, amount: '900000000' })
    expect(store.get(toastsAtom).map((toast) => toast.text)).toContain(EARLIER_PAYMENT_TEXT)
    expect(net.sent).toHaveLength(1)
    expect(net.records.donate).toEqual([expect.objectContaining({ amount: '0.20' })])
  })

  test('a stale answer from the API ("already been processed") on a first record is not taken for ours', async () => {
    const net = paymentNetwork()
    signedIn()
    net.answer('donate', 422, {
      error: 'already been processed',
      detail: '',
      code: 'payment_already_processed',
    })
    await donate()
    expect(store.get(paymentStatusAtom)?.error).toBe('already been processed')
  })
})
