import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, test } from 'vitest'
import { justDonatedAtom } from '../state/just-donated.atoms'
import { renderAt, resetApp, store, stubApi } from '../testing/harness'
import { DonatedThanks } from './DonatedThanks'

const show = () => renderAt('/dashboard', [{ path: '/dashboard', element: <DonatedThanks /> }])

describe('the thanks after a donation', () => {
  beforeEach(() => {
    resetApp()
    store.set(justDonatedAtom, null)
  })

  test('shows nothing when no donation was just made', () => {
    show()
    expect(screen.queryByRole('region', { name: 'Thank you for your gift!' })).toBeNull()
  })

  test('offers "Notify me of updates" for the emergency just helped, until "Not now"', async () => {
    stubApi({})
    store.set(justDonatedAtom, { emergencyId: 3 })
    show()
    const thanks = screen.getByRole('region', { name: 'Thank you for your gift!' })
    expect(screen.getByRole('button', { name: 'Notify me of updates' })).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }))
    expect(thanks.isConnected).toBe(false)
    expect(store.get(justDonatedAtom)).toBeNull()
  })

  test('is not offered again once the dashboard is left', () => {
    store.set(justDonatedAtom, { emergencyId: 3 })
    show().unmount()
    expect(store.get(justDonatedAtom)).toBeNull()
  })
})
