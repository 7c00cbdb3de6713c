// Phones: the donation form sits below the story, so a bar above the tab bar keeps 'Donate' in reach from the
// first screen. It steps aside while the form itself is on screen, and takes the donor there (amount focused).
import { useEffect, useState } from 'react'
import { buttonClass } from '../../components/button'
import { percentOf, parseSol, solText } from '../../lib/sol'
import styles from './StickyDonateBar.module.css'

/** The tab bar and this bar cover the bottom of the screen on phones. */
const HIDDEN_BELOW_PX = 136

export function StickyDonateBar({
  targetId,
  raised,
  goal,
}: {
  targetId: string
  raised: string
  goal: string
}) {
  const [formInView, setFormInView] = useState(false)

  // The bar steps aside once the form's own submit button is on screen above the tab bar (and this bar).
  useEffect(() => {
    const section = document.getElementById(targetId)
    const target = section?.querySelector('button[type="submit"]') ?? section
    if (!target || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(([entry]) => setFormInView(entry?.isIntersecting ?? false), {
      rootMargin: `0px 0px -${HIDDEN_BELOW_PX}px 0px`,
      threshold: 1,
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [targetId])

  const goToForm = () => {
    const target = document.getElementById(targetId)
    if (!target) return
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' })
    // The amount (the form's first decimal field; the currency choice comes before it).
    target.querySelector<HTMLInputElement>('input[inputmode="decimal"]')?.focus({ preventScroll: true })
  }

  const percent = Math.floor(percentOf(parseSol(raised) ?? 0n, parseSol(goal) ?? 0n))
  return (
    <div className={styles.bar} hidden={formInView} data-testid="sticky-donate">
      <p className={styles.summary}>
        <strong>{solText(raised)} SOL</strong>
        <span>
          of {solText(goal)} SOL · {percent}%
        </span>
      </p>
      <button type="button" className={buttonClass('primary')} onClick={goToForm}>
        Donate
      </button>
    </div>
  )
}
