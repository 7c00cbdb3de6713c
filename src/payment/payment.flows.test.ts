// The payment pipeline, step by step: what it builds, signs, sends and records, and the spec's text for each
// way a step can fail (Listing payment).
import type { VersionedTransaction } from '@solana/web3.js'
import { SystemProgram } from '@solana/web3.js'
import bs58 from 'bs58'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { DeepLinkError } from '../wallet/deeplink-protocol/errors'
import { paymentError, resetPayments, signedIn, startDonation } from '../testing/donor'
import { fakeBridge, resetApp, store } from '../testing/harness'
import { paymentNetwork, PLATFORM_WALLET, type PaymentNetworkOptions } from '../testing/payment-network'
import { runFlow } from '../flows/flow-runner'
import { walletAtom } from '../state/auth.atoms'
import { runBoost, runListingFee, type DonationInput } from './payment.flows'
import { paymentStatusAtom } from './payment-status'
import { loadPendingFlow, newFlow, savePendingFlow } from '../flows/pending-flow'
import { toastsAtom } from '../state/toast.atoms'
import { walletBridgeAtom } from '../state/wallet.atoms'

const RECEIVER = bs58.encode(new Uint8Array(32).fill(9))
const donation: DonationInput = {
  emergency_id: 5,
  receiving_wallet: RECEIVER,
  amount: '200000000',
  tip: '10000000',
  comment: 'Stay strong',
}

const donate = (input: DonationInput = donation) => startDonation(input)

const shown = paymentError
const toasts = () => store.get(toastsAtom).map((toast) => toast.text)

function transfersIn(transaction: VersionedTransaction) {
  const keys = transaction.message.staticAccountKeys.map((key) => key.toBase58())
  return transaction.message.compiledInstructions.map((instruction) => {
    expect(keys[instruction.programIdIndex]).toBe(SystemProgram.programId.toBase58())
    const data = Buffer.from(instruction.data)
    return { to: keys[instruction.accountKeyIndexes[1]!], lamports: data.readBigUInt64LE(4) }
  })
}

beforeEach(resetPayments)

describe('a donation', () => {
  test('pays donation and tip in one legacy transaction signed by the signed-in wallet, sent once, recorded once', async () => {
    const net = paymentNetwork()
    const { address } = signedIn()
    // The donor stays on the donate page, which thanks them with the recorded donation.
    expect(await donate()).toEqual({})

    expect(net.sent).toHaveLength(1)
    const [{ transaction, signature }] = net.sent as [
      { transaction: VersionedTransaction; signature: string },
    ]
    expect(transaction.version).toBe('legacy')
    expect(transaction.message.staticAccountKeys[0]?.toBase58()).toBe(address)
    expect(transfersIn(transaction)).toEqual([
      { to: RECEIVER, lamports: 200_000_000n },
      { to: PLATFORM_WALLET, lamports: 10_000_000n },
    ])
    expect(net.records.donate).toEqual([
      {
        emergency_id: 5,
        currency: 'SOL',
        amount: '0.20',
        tx_hash: signature,
        tip_amount: '0.01',
        tip_included: true,
        comment: 'Stay strong',
      },
    ])
    expect(store.get(paymentStatusAtom)).toMatchObject({
      kind: 'donation',
      busy: null,
      error: null,
      result: { amount: '200000000', tip: '10000000', tx_hash: signature },
    })
    expect(loadPendingFlow()).toBeNull()
  })

  test('without a tip the transaction has the donation transfer only', async () => {
    const net = paymentNetwork()
    signedIn()
    await donate({ ...donation, tip: '0' })
    expect(transfersIn(net.sent[0]!.transaction)).toEqual([{ to: RECEIVER, lamports: 200_000_000n }])
    expect(net.records.donate[0]).toMatchObject({ tip_amount: '0.00', tip_included: false })
  })
})

describe('each step says what went wrong', () => {
  test.each([
    ['no wallet in this browser', 'Phantom Wallet not found.'],
    ['a wallet that will not connect', 'Please connect your Phantom wallet.'],
    ['another wallet than the signed-in one', 'Connect the wallet you signed in with.'],
  ])('before anything is built: %s', async (situation, text) => {
    paymentNetwork()
    const wallet = signedIn()
    if (situation === 'no wallet in this browser') {
      vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] })
      store.set(walletBridgeAtom, { ...wallet.bridge, address: null, wallets: [] })
      const run = donate()
      await vi.advanceTimersByTimeAsync(10_000)
      await run
      vi.useRealTimers()
    } else if (situation === 'a wallet that will not connect') {
      store.set(walletBridgeAtom, {
        ...wallet.bridge,
        address: null,
        connect: async () => Promise.reject(new Error('no')),
      })
      await donate()
    } else {
      store.set(walletAtom, bs58.encode(new Uint8Array(32).fill(1)))
      await donate()
    }
    expect(shown()).toBe(text)
    expect(toasts()).toContain(text)
  })

  test.each<[string, PaymentNetworkOptions['simulation'], string]>([
    [
      'an empty wallet',
      { err: 'AccountNotFound', logs: [] },
      'Your wallet has no SOL or has never received SOL before.',
    ],
    [
      'too little SOL',
      {
        err: { InstructionError: [0, { Custom: 1 }] },
        logs: ['Transfer: insufficient lamports 10, need 210'],
      },
      'You do not have enough SOL.',
    ],
    [
      'a transaction the node already has',
      { err: 'AlreadyProcessed', logs: ['This transaction has already been processed'] },
      'This transaction was already submitted.',
    ],
  ])('simulation before the wallet is asked: %s', async (_case, simulation, text) => {
    const net = paymentNetwork({ simulation })
    const wallet = signedIn()
    await donate()
    expect(shown()).toBe(text)
    expect(wallet.bridge.signTransaction).not.toHaveBeenCalled()
    expect(net.sent).toHaveLength(0)
  })

  test('the wallet refuses: "Donation message signing failed"; a listing fee: "Payment message signing failed"', async () => {
    const net = paymentNetwork()
    const refuse = async () => Promise.reject(new DeepLinkError('rejected', 'Message signing failed', 4001))
    signedIn({ signTransaction: refuse })
    await donate()
    expect(shown()).toBe('Donation message signing failed')
    const listing = newFlow('listing-fee', { campaign_id: '7' }, '/airdrop/payment/7')
    savePendingFlow(listing)
    await runFlow(store, listing, runListingFee, false)
    expect(shown()).toBe('Payment message signing failed')
    expect(net.sent).toHaveLength(0)
  })

  test("the wallet's own text wins when the session is gone: 'Phantom not connected.'", async () => {
    paymentNetwork()
    signedIn({
      signTransaction: async () =>
        Promise.reject(new DeepLinkError('not-connected', 'Phantom not connected.')),
    })
    await donate()
    expect(shown()).toBe('Phantom not connected.')
  })

  test('a wallet that signs something else is caught before anything is sent', async () => {
    const net = paymentNetwork()
    const other = fakeBridge()
    signedIn({ signTransaction: other.bridge.signTransaction })
    await donate()
    expect(shown()).toBe('The wallet returned a different transaction. Nothing was sent.')
    expect(net.sent).toHaveLength(0)
  })

  test('the node refuses the send: "Transaction failed to send: …"', async () => {
    paymentNetwork({ sendFailure: 'Transaction simulation failed: Blockhash not found' })
    signedIn()
    await donate()
    expect(shown()).toBe(
      'Transaction failed to send: the approval came too late for the network. Nothing was paid; please try again.',
    )
  })

  test('the transaction fails on-chain: the confirmation texts', async () => {
    paymentNetwork({ executionError: { InstructionError: [0, 'InsufficientFundsForRent'] } })
    signedIn()
    await donate()
    expect(shown()).toBe('You do not have enough SOL to complete this donation.')

    resetApp()
    paymentNetwork({ executionError: { InstructionError: [1, { Custom: 7 }] } })
    signedIn()
    await donate()
    expect(shown()).toBe('Transaction failed: {"InstructionError":[1,{"Custom":7}]}')
  })

  test('a transaction that never lands expires with nothing paid, and the flow ends', async () => {
    const net = paymentNetwork({ dropSends: true })
    signedIn()
    net.before('getSignatureStatuses', () => net.expireBlockhashes())
    await donate()
    expect(shown()).toBe('Transaction failed: it expired before it was confirmed; nothing was paid')
    expect(loadPendingFlow()).toBeNull()
  })

  test('the server refuses the record: its reason is shown and the flow ends', async () => {
    const net = paymentNetwork()
    signedIn()
    net.answer('donate', 422, { error: 'wrong amount', detail: 'wrong amount', code: 'payment_not_verified' })
    await donate()
    expect(shown()).toBe('wrong amount')
    expect(loadPendingFlow()).toBeNull()
  })
})

describe('boost and listing fee', () => {
  test('a boost pays the boost fee to the platform wallet and hands the featured emergency back', async () => {
    const net = paymentNetwork()
    signedIn()
    const flow = newFlow('boost', { emergency_id: 5 }, '/dashboard')
    savePendingFlow(flow)
    expect(await runFlow(store, flow, runBoost, false)).toEqual({ to: '/dashboard', replace: true })
    expect(transfersIn(net.sent[0]!.transaction)).toEqual([{ to: PLATFORM_WALLET, lamports: 100_000_000n }])
    expect(net.records.boost).toEqual([{ emergency_id: 5, tx_hash: net.sent[0]!.signature }])
    expect(store.get(paymentStatusAtom)?.result).toEqual({ id: 5, is_featured: true })
    expect(toasts()).toContain('Emergency boosted successfully!')
  })

  test('a failed boost toasts "Boost failed." with the reason, and still goes to the dashboard', async () => {
    paymentNetwork({ simulation: { err: 'AccountNotFound' } })
    signedIn()
    const flow = newFlow('boost', { emergency_id: 5 }, '/create')
    savePendingFlow(flow)
    expect(await runFlow(store, flow, runBoost, false)).toEqual({ to: '/dashboard', replace: true })
    expect(toasts()).toEqual(['Boost failed.', 'Your wallet has no SOL or has never received SOL before.'])
  })

  test('a listing fee goes to /airdrop/my once the answer says listed; an unverifiable one says so', async () => {
    const net = paymentNetwork()
    signedIn()
    const pay = () => {
      const flow = newFlow('listing-fee', { campaign_id: '7' }, '/airdrop/payment/7')
      savePendingFlow(flow)
      return runFlow(store, flow, runListingFee, false)
    }
    expect(await pay()).toEqual({ to: '/airdrop/my' })
    expect(transfersIn(net.sent[0]!.transaction)).toEqual([{ to: PLATFORM_WALLET, lamports: 500_000_000n }])
    expect(toasts()).toContain('Payment verified. Your campaign is listed.')

    net.answer('listing', 422, { error: 'not found on-chain', detail: '', code: 'payment_not_verified' })
    expect(await pay()).toEqual({ to: '/airdrop/my' })
    expect(toasts()).toContain(
      'Transaction could not be verified. If SOL was deducted, contact support with your transaction hash.',
    )
  })
})
