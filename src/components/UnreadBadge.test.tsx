import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { UnreadBadge } from './UnreadBadge'

const shown = (count: number) => render(<UnreadBadge count={count} />).container.textContent

describe('the unread badge', () => {
  it('shows the count up to 9, then 9+, and nothing when all are read', () => {
    expect([0, 1, 9, 10, 250].map(shown)).toEqual(['', '1', '9', '9+', '9+'])
  })
})
