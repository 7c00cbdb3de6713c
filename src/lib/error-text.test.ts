import { describe, expect, it } from 'vitest'
import { ApiError } from './api-client'
import { errorText, hasCode } from './error-text'

describe('the error-code table', () => {
  it("shows the table's text for a code that has one, whatever the server wrote", () => {
    expect(
      errorText(new ApiError(404, 'Wallet not registered', 'wallet_not_registered'), 'Login failed.'),
    ).toBe('Wallet not registered')
    expect(errorText(new ApiError(409, 'Payment already verified.', 'payment_already_verified'), 'x')).toBe(
      'Payment already verified. Your campaign is listed.',
    )
    expect(errorText(new ApiError(409, 'anything', 'kyc_already_submitted'), 'x')).toBe(
      'KYC already submitted and under review or approved.',
    )
  })

  it("shows the server's own text for a code without one, and the fallback when there is no text at all", () => {
    expect(
      errorText(new ApiError(400, 'Please enter a valid email.', 'invalid_email'), 'Registration failed.'),
    ).toBe('Please enter a valid email.')
    expect(errorText(new ApiError(500, '', 'internal_error'), 'Login failed.')).toBe('Login failed.')
    // no code: a proxy's page, not the server's words
    expect(errorText(new ApiError(502, 'Bad Gateway'), 'Login failed.')).toBe('Login failed.')
    expect(errorText(new Error('Phantom not connected.'), 'Login failed.')).toBe('Phantom not connected.')
    expect(errorText('boom', 'Login failed.')).toBe('Login failed.')
  })

  it('tells codes apart by code, never by the words of the message', () => {
    const coded = new ApiError(422, 'already been processed', 'payment_already_processed')
    expect(hasCode(coded, 'payment_already_processed')).toBe(true)
    expect(hasCode(coded, 'payment_already_verified', 'payment_already_processed')).toBe(true)
    expect(hasCode(coded, 'payment_already_verified')).toBe(false)
    // the same words without the code (an older server, a proxy's page) are not taken for it
    expect(hasCode(new ApiError(422, 'already been processed'), 'payment_already_processed')).toBe(false)
    expect(hasCode(new Error('Payment already verified.'), 'payment_already_verified')).toBe(false)
  })
})
