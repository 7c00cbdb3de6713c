import { describe, expect, test } from 'vitest'
import { confirmError, sendError } from './payment-errors'

describe('payment error texts', () => {
  test('a signature the node already saw reads as already submitted', () => {
    expect(
      sendError(new Error('Transaction simulation failed: This transaction has already been processed'))
        .message,
    ).toBe('This transaction was already submitted.')
  })

  test('an empty wallet reads as never having received SOL', () => {
    const error = new Error('Attempt to debit an account but found no record of a prior credit.')
    expect(sendError(error).message).toBe('Your wallet has no SOL or has never received SOL before.')
    expect(sendError('AccountNotFound').message).toBe(
      'Your wallet has no SOL or has never received SOL before.',
    )
  })

  test('insufficient lamports in the logs reads as not enough SOL', () => {
    const logs = [
      'Program 11111111111111111111111111111111 invoke [1]',
      'Transfer: insufficient lamports 5, need 10',
    ]
    expect(sendError({ InstructionError: [0, { Custom: 1 }] }, logs).message).toBe(
      'You do not have enough SOL.',
    )
  })

  test("the Token program's insufficient funds reads as not enough USDC", () => {
    const logs = [
      'Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA invoke [1]',
      'Program log: Instruction: TransferChecked',
      'Program log: Error: insufficient funds',
    ]
    expect(sendError({ InstructionError: [1, { Custom: 1 }] }, logs).message).toBe(
      'You do not have enough USDC.',
    )
  })

  test('any other send failure carries the original message', () => {
    expect(sendError(new Error('User rejected the request.')).message).toBe(
      'Transaction failed to send: User rejected the request.',
    )
    expect(sendError(new Error('x')).stage).toBe('send')
  })

  test('a confirmation error names the donation when funds were short, else gives the detail', () => {
    expect(confirmError({ err: 'InsufficientFundsForRent' }).message).toBe(
      'You do not have enough SOL to complete this donation.',
    )
    expect(confirmError('blockhash expired').message).toBe('Transaction failed: blockhash expired')
    expect(confirmError('x', 'payment').stage).toBe('confirm')
  })
})
