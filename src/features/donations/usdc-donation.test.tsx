// Giving USDC in the donate form: the choice of currency, the amount, tip and total in USDC (bigint micro-USDC,
// never floats), the SOL rent shown before signing when the campaign has no USDC account, and the choice kept on
// this device without breaking the server-rendered page's hydration.
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore, Provider, useAtom } from 'jotai'
import { useState } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { Currency } from '../../lib/money'
import { DONATION_CURRENCY_KEY, donationCurrencyAtom } from './donation-currency.atoms'
import { DonationForm } from './DonationForm'
import { suggestedTip, totalText, validateDonation } from './donation-math'

afterEach(() => {
  cleanup()
  document.body.replaceChildren()
  localStorage.clear()
})

function Form({ initial = 'SOL', rent = null }: { initial?: Currency; rent?: bigint | null }) {
  const [currency, setCurrency] = useState<Currency>(initial)
  return (
    <DonationForm
      walletName="Phantom"
      currency={currency}
      onCurrencyChange={setCurrency}
      accountRent={rent}
      tipPercent={5}
      busyLabel={null}
      error={null}
      onDonate={onDonate}
    />
  )
}
const onDonate = vi.fn()
afterEach(() => onDonate.mockReset())

const total = () => screen.getByTestId('donation-total').textContent

describe('giving USDC', () => {
  test('the donor picks USDC: amount, 5 % tip and total are in USDC, and the gift goes out in micro-USDC', async () => {
    render(<Form />)
    await userEvent.click(screen.getByRole('radio', { name: 'USDC' }))
    await userEvent.type(screen.getByLabelText('Amount'), '5')
    expect(screen.getByLabelText('Tip (5%)')).toHaveProperty('value', '0.25')
    expect(total()).toBe('5.25 USDC')
    await userEvent.click(screen.getByRole('button', { name: 'Donate with Phantom' }))
    expect(onDonate).toHaveBeenLastCalledWith(
      { currency: 'USDC', amount: 5_000_000n, tip: 250_000n, comment: null },
      expect.anything(),
    )
  })

  test('switching currency keeps the amount and suggests the tip again in the new one', async () => {
    render(<Form initial="USDC" />)
    await userEvent.type(screen.getByLabelText('Amount'), '12.5')
    await userEvent.clear(screen.getByLabelText('Tip (5%)'))
    await userEvent.type(screen.getByLabelText('Tip (5%)'), '1')
    expect(total()).toBe('13.50 USDC')
    await userEvent.click(screen.getByRole('radio', { name: 'SOL' }))
    expect(screen.getByLabelText('Tip (5%)')).toHaveProperty('value', '0.63')
    expect(total()).toBe('13.13 SOL')
  })

  test('refuses less than 0.01 USDC, and more than 6 decimals, in the words of the chosen currency', async () => {
    render(<Form initial="USDC" />)
    const donate = screen.getByRole('button', { name: 'Donate with Phantom' })
    await userEvent.type(screen.getByLabelText('Amount'), '0.009')
    await userEvent.click(donate)
    expect(screen.getByRole('alert').textContent).toBe('The smallest donation is 0.01 USDC.')
    await userEvent.clear(screen.getByLabelText('Amount'))
    await userEvent.type(screen.getByLabelText('Amount'), '0.0100001')
    await userEvent.click(donate)
    expect(screen.getByRole('alert').textContent).toBe('Enter an amount in USDC, e.g. 5.')
    expect(onDonate).not.toHaveBeenCalled()
  })

  test("shows the SOL rent of opening the campaign's USDC account before the donor signs, in USDC only", async () => {
    const { rerender } = render(<Form initial="USDC" rent={2_039_280n} />)
    expect(screen.getByTestId('usdc-account-rent').textContent).toContain('0.00204 SOL of rent')
    await userEvent.click(screen.getByRole('radio', { name: 'SOL' }))
    expect(screen.queryByTestId('usdc-account-rent')).toBeNull()
    rerender(<Form initial="USDC" rent={0n} />)
    expect(screen.queryByTestId('usdc-account-rent')).toBeNull()
  })

  test('offers no choice where the server has no USDC (no onCurrencyChange): SOL only', () => {
    render(
      <DonationForm walletName="Phantom" tipPercent={5} busyLabel={null} error={null} onDonate={onDonate} />,
    )
    expect(screen.queryByRole('radio', { name: 'USDC' })).toBeNull()
  })
})

describe('the arithmetic in micro-USDC', () => {
  test('rounds the tip half up to the cent and totals without floats', () => {
    expect(suggestedTip('0.1', 5, 'USDC')).toBe('0.01')
    expect(suggestedTip('0.09', 5, 'USDC')).toBe('0.00')
    expect(suggestedTip('33.3', 5, 'USDC')).toBe('1.67')
    expect(suggestedTip('9007199254740.993', 5, 'USDC')).toBe('450359962737.05')
    expect(totalText('0.1', '0.2', 'USDC')).toBe('0.30')
    expect(totalText('1.000001', '0', 'USDC')).toBe('1.000001')
    expect(validateDonation('9007199254740.993', '0', 'USDC')).toEqual({
      currency: 'USDC',
      amount: 9_007_199_254_740_993_000n,
      tip: 0n,
    })
  })

  test('takes at most 6 decimals in USDC, 9 in SOL', () => {
    expect(validateDonation('1.1234567', '', 'USDC')).toEqual({ error: 'Enter an amount in USDC, e.g. 5.' })
    expect(validateDonation('1.1234567', '', 'SOL')).toMatchObject({ amount: 1_123_456_700n })
    expect(validateDonation('1', '0.0000001', 'USDC')).toEqual({
      error: 'The tip must be 0 or a positive amount in USDC.',
    })
  })
})

describe('the currency this device gives in', () => {
  function Panel({ choice = donationCurrencyAtom }: { choice?: typeof donationCurrencyAtom }) {
    const [currency, setCurrency] = useAtom(choice)
    return (
      <DonationForm
        walletName="Phantom"
        currency={currency}
        onCurrencyChange={setCurrency}
        tipPercent={5}
        busyLabel={null}
        error={null}
        onDonate={onDonate}
      />
    )
  }

  test('is kept on the device when chosen', async () => {
    render(
      <Provider store={createStore()}>
        <Panel />
      </Provider>,
    )
    await userEvent.click(screen.getByRole('radio', { name: 'USDC' }))
    expect(localStorage.getItem(DONATION_CURRENCY_KEY)).toBe('"USDC"')
  })

  test("hydrates the server's SOL markup without a mismatch, then shows the stored USDC", async () => {
    // The server has no storage: its page says SOL.
    const served = renderToString(
      <Provider store={createStore()}>
        <Panel />
      </Provider>,
    )
    expect(served).toContain('SOL</strong>')
    // A device that chose USDC loads the app (its modules evaluated with the choice already stored).
    localStorage.setItem(DONATION_CURRENCY_KEY, '"USDC"')
    vi.resetModules()
    const { donationCurrencyAtom: loaded } = await import('./donation-currency.atoms')
    const container = document.createElement('div')
    container.innerHTML = served
    document.body.append(container)
    const errors = vi.spyOn(console, 'error')
    await act(async () => {
      hydrateRoot(
        container,
        <Provider store={createStore()}>
          <Panel choice={loaded} />
        </Provider>,
        { onRecoverableError: (error) => console.error(error) },
      )
    })
    expect(errors).not.toHaveBeenCalled()
    expect(screen.getByRole('radio', { name: 'USDC' })).toHaveProperty('checked', true)
    expect(total()).toBe('0.00 USDC')
  })

  test('reads anything else stored as SOL', () => {
    localStorage.setItem(DONATION_CURRENCY_KEY, '"DOGE"')
    render(
      <Provider store={createStore()}>
        <Panel />
      </Provider>,
    )
    expect(screen.getByRole('radio', { name: 'SOL' })).toHaveProperty('checked', true)
  })
})
