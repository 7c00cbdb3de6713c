import { render, screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { TrustSignals } from './TrustSignals'

const WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
const emergency = {
  donation_count: 3,
  deadline: '2020-01-31',
  created_at: '2019-12-01T00:00:00Z',
  owner: { id: 1, wallet_address: WALLET },
}

describe("an emergency's trust signals", () => {
  test('say how many gave, that it ended and how old it is, never the raw deadline', () => {
    render(<TrustSignals emergency={emergency} />)
    const signals = within(screen.getByRole('list', { name: 'About this emergency' }))
    expect(signals.getByText('3 donations')).toBeTruthy()
    expect(signals.getByText('ended').getAttribute('datetime')).toBe('2020-01-31')
    expect(signals.getByText(/^created \d+ years ago$/)).toBeTruthy()
    expect(screen.queryByText('2020-01-31')).toBeNull()
    expect(screen.queryByRole('button', { name: `Copy address ${WALLET}` })).toBeNull()
  })

  test("name the organiser's short wallet with a copy button on the donate page", () => {
    render(<TrustSignals emergency={emergency} organiser />)
    expect(screen.getByText('Organiser')).toBeTruthy()
    expect(screen.getByTitle(WALLET).textContent).toBe('9xQe…VFin')
    expect(screen.getByRole('button', { name: `Copy address ${WALLET}` })).toBeTruthy()
  })
})
