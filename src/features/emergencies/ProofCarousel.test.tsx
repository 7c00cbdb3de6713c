import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import styles from './DonatePage.module.css'
import { CAROUSEL_INTERVAL_MS, ProofCarousel } from './ProofCarousel'

const images = [1, 2, 3].map((id) => ({ id, image: `http://localhost/api/media/${id}.jpg` }))
const shown = () => screen.getByRole('img', { name: /^Proof image/ })
const fades = (image: HTMLElement) => image.classList.contains(styles.turned!)

describe('the proof carousel', () => {
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  test('shows the first image as the page drew it, without fading it in', () => {
    render(<ProofCarousel images={images} title="Flood" />)
    expect(shown().getAttribute('alt')).toBe('Proof image 1 of 3 for Flood')
    expect(shown().getAttribute('src')).toBe(images[0]!.image)
    expect(fades(shown())).toBe(false)
  })

  test('fades in each image it turns to, by arrow or dot, and wraps around', async () => {
    const user = userEvent.setup()
    render(<ProofCarousel images={images} title="Flood" />)
    await user.click(screen.getByRole('button', { name: 'Previous image' }))
    expect(shown().getAttribute('alt')).toBe('Proof image 3 of 3 for Flood')
    expect(fades(shown())).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Show image 2' }))
    expect(shown().getAttribute('src')).toBe(images[1]!.image)
    expect(screen.getByRole('button', { name: 'Show image 2' }).getAttribute('aria-current')).toBe('true')
  })

  test('turns by itself every few seconds', () => {
    vi.useFakeTimers()
    render(<ProofCarousel images={images} title="Flood" />)
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS))
    expect(shown().getAttribute('alt')).toBe('Proof image 2 of 3 for Flood')
    expect(fades(shown())).toBe(true)
  })
})
