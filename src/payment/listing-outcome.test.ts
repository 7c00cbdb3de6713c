import { describe, expect, it } from 'vitest'
import { ApiError } from '../lib/api-client'
import { PaymentError } from './payment-errors'
import { LISTING_TEXT, outcomeOfAnswer, outcomeOfError } from './listing-outcome'

describe('the listing-payment outcome', () => {
  it('goes to /airdrop/my when the answer says the campaign is listed', () => {
    expect(outcomeOfAnswer('Payment verified and campaign listed.')).toEqual({
      kind: 'success',
      text: 'Payment verified and campaign listed.',
      to: '/airdrop/my',
    })
  })

  it('tells the owner a pending payment awaits an admin and goes to /airdrop/my', () => {
    expect(outcomeOfAnswer('Payment received; it will be verified by an admin.')).toMatchObject({
      kind: 'info',
      to: '/airdrop/my',
    })
  })

  it('asks to retry or contact support when the answer has no listed message', () => {
    expect(outcomeOfAnswer(undefined)).toEqual({ kind: 'error', text: LISTING_TEXT.unknown, to: null })
  })

  it('treats an already verified payment as success and goes to /airdrop/my', () => {
    expect(
      outcomeOfError(new ApiError(409, 'Payment already verified.', 'payment_already_verified')),
    ).toMatchObject({
      kind: 'success',
      to: '/airdrop/my',
    })
  })

  it('maps not found on-chain and wrong amount to the contact-support text and /airdrop/my', () => {
    for (const reason of ['not found on-chain', 'wrong amount'])
      expect(outcomeOfError(new ApiError(422, reason, 'payment_not_verified'))).toEqual({
        kind: 'error',
        text: 'Transaction could not be verified. If SOL was deducted, contact support with your transaction hash.',
        to: '/airdrop/my',
      })
  })

  it('shows any other server error as it is and stays on the page', () => {
    expect(outcomeOfError(new ApiError(422, 'wrong recipient', 'payment_not_verified'))).toEqual({
      kind: 'error',
      text: 'wrong recipient',
      to: null,
    })
  })

  it('shows the wallet’s payment error and the signing failure as they are', () => {
    expect(outcomeOfError(new PaymentError('send', 'You do not have enough SOL.')).text).toBe(
      'You do not have enough SOL.',
    )
    expect(outcomeOfError(new Error('Payment message signing failed')).text).toBe(
      'Payment message signing failed',
    )
  })
})
