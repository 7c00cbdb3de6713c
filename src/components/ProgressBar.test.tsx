import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { ProgressBar } from './ProgressBar'

afterEach(cleanup)

describe('the progress block', () => {
  test('shows USDC raised on its own line and never counts it toward the SOL goal', () => {
    render(<ProgressBar raised="0.5" goal="2" usdc="1250.5" />)
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25')
    expect(screen.getByText('25%')).toBeTruthy()
    expect(screen.getByTestId('usdc-raised').textContent).toBe('$1250.50 USDC also raised')
  })

  test('has no USDC line while nothing was given in USDC', () => {
    render(<ProgressBar raised="0.5" goal="2" usdc="0" />)
    expect(screen.queryByTestId('usdc-raised')).toBeNull()
  })
})
