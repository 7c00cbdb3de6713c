import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { DonationForm } from './DonationForm'
import { suggestedTip } from './donation-math'

afterEach(cleanup)

function setup() {
  const onDonate = vi.fn()
  render(
    <DonationForm walletName="Phantom" tipPercent={5} busyLabel={null} error={null} onDonate={onDonate} />,
  )
  return {
    onDonate,
    amount: screen.getByLabelText('Amount'),
    tip: screen.getByLabelText('Tip (5%)'),
    total: () => screen.getByTestId('donation-total').textContent,
    donate: screen.getByRole('button', { name: 'Donate with Phantom' }),
  }
}

describe('the donation form', () => {
  test('fills the tip at 5 % with two decimals as the amount is typed, and totals both', async () => {
    const form = setup()
    await userEvent.type(form.amount, '2')
    expect(form.tip).toHaveProperty('value', '0.10')
    expect(form.total()).toBe('2.10 SOL')
    await userEvent.type(form.amount, '.5')
    expect(form.tip).toHaveProperty('value', '0.13')
    expect(form.total()).toBe('2.63 SOL')
  })

  test('lets the tip be edited down to 0 and sends only the amount then', async () => {
    const form = setup()
    await userEvent.type(form.amount, '1')
    await userEvent.clear(form.tip)
    await userEvent.type(form.tip, '0')
    expect(form.total()).toBe('1.00 SOL')
    await userEvent.click(form.donate)
    expect(form.onDonate).toHaveBeenCalledWith(
      {
        currency: 'SOL',
        amount: 1_000_000_000n,
        tip: 0n,
        comment: null,
      },
      expect.anything(),
    )
  })

  test('asks for an amount when none was entered and does not donate', async () => {
    const form = setup()
    await userEvent.click(form.donate)
    expect(screen.getByRole('alert').textContent).toBe('Please enter donation amount.')
    expect(form.onDonate).not.toHaveBeenCalled()
  })

  test('sends the comment only when the comment switch is on', async () => {
    const form = setup()
    await userEvent.type(form.amount, '0.5')
    await userEvent.click(screen.getByRole('switch', { name: 'Add a comment' }))
    await userEvent.type(screen.getByLabelText('Comment'), 'Stay strong')
    await userEvent.click(form.donate)
    expect(form.onDonate).toHaveBeenCalledWith(
      {
        currency: 'SOL',
        amount: 500_000_000n,
        tip: 30_000_000n,
        comment: 'Stay strong',
      },
      expect.anything(),
    )
  })

  test('suggests the tip when the config arrives after the amount was typed, unless the donor typed a tip', async () => {
    const onDonate = vi.fn()
    const form = (tipPercent: number | null) => (
      <DonationForm
        walletName="Phantom"
        tipPercent={tipPercent}
        busyLabel={null}
        error={null}
        onDonate={onDonate}
      />
    )
    const { rerender } = render(form(null))
    await userEvent.type(screen.getByLabelText('Amount'), '0.2')
    expect(screen.getByLabelText('Tip')).toHaveProperty('value', '')
    rerender(form(5))
    expect(screen.getByLabelText('Tip (5%)')).toHaveProperty('value', '0.01')
    expect(screen.getByTestId('donation-total').textContent).toBe('0.21 SOL')
    await userEvent.clear(screen.getByLabelText('Tip (5%)'))
    await userEvent.type(screen.getByLabelText('Tip (5%)'), '0.05')
    rerender(form(10))
    expect(screen.getByLabelText('Tip (10%)')).toHaveProperty('value', '0.05')
  })

  test('rounds the suggested tip half up to the cent and leaves it empty for non-numbers', () => {
    expect(suggestedTip('0.1', 5, 'SOL')).toBe('0.01')
    expect(suggestedTip('0.01', 5, 'SOL')).toBe('0.00')
    expect(suggestedTip('', 5, 'SOL')).toBe('')
    expect(suggestedTip('abc', 5, 'SOL')).toBe('')
  })
})

describe('after the register detour', () => {
  test('puts back the amount, the typed tip, the comment and its switch, with Donate focused', async () => {
    const onDonate = vi.fn()
    render(
      <DonationForm
        walletName="Phantom"
        tipPercent={5}
        busyLabel={null}
        error={null}
        onDonate={onDonate}
        restore={{ amount: '1.37', tip: '0.2', withComment: true, comment: 'Hang in there' }}
      />,
    )
    expect(screen.getByLabelText('Amount')).toHaveProperty('value', '1.37')
    expect(screen.getByLabelText('Tip (5%)')).toHaveProperty('value', '0.2')
    expect(screen.getByRole('switch', { name: 'Add a comment' })).toHaveProperty('checked', true)
    expect(screen.getByLabelText('Comment')).toHaveProperty('value', 'Hang in there')
    expect(screen.getByRole('status').textContent).toBe(
      'Your donation is as you left it. Tap Donate to continue.',
    )
    const donate = screen.getByRole('button', { name: 'Donate with Phantom' })
    expect(document.activeElement).toBe(donate)
    await userEvent.click(donate)
    expect(onDonate).toHaveBeenCalledWith(
      { currency: 'SOL', amount: 1_370_000_000n, tip: 200_000_000n, comment: 'Hang in there' },
      { amount: '1.37', tip: '0.2', withComment: true, comment: 'Hang in there' },
    )
  })

  test('takes a stale "Please enter donation amount." away as soon as an amount is typed', async () => {
    const form = setup()
    await userEvent.click(form.donate)
    expect(screen.getByRole('alert').textContent).toBe('Please enter donation amount.')
    await userEvent.type(form.amount, '1')
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
