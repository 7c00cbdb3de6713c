// Links that move the router without reloading the page (a plain <a href>, so they work before the app has taken
// the page over, and open in a new tab as any link), and a redirect.
import { type AnchorHTMLAttributes, type MouseEvent, type ReactNode, useEffect } from 'react'
import { useLocation, useNavigate } from './hooks'

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string
  replace?: boolean
  /** A full page load instead of a move of the router. */
  reloadDocument?: boolean
}

/** A click the browser should handle itself: another tab or window, a download, a modified or middle click. */
const leftToBrowser = (event: MouseEvent<HTMLAnchorElement>) =>
  event.defaultPrevented ||
  event.button !== 0 ||
  event.metaKey ||
  event.altKey ||
  event.ctrlKey ||
  event.shiftKey ||
  (event.currentTarget.target !== '' && event.currentTarget.target !== '_self') ||
  event.currentTarget.hasAttribute('download')

export function Link({ to, replace, reloadDocument, onClick, ...anchor }: LinkProps) {
  const navigate = useNavigate()
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (reloadDocument || leftToBrowser(event)) return
    event.preventDefault()
    void navigate(to, { replace })
  }
  return <a {...anchor} href={to} onClick={follow} />
}

interface NavLinkProps extends Omit<LinkProps, 'className'> {
  className?: string | ((state: { isActive: boolean }) => string | undefined)
  /** Active only on its own path, not below it. */
  end?: boolean
}

/** Whether a link to `to` is the current page or, unless `end`, a page below it ('/' only on itself). */
function isActive(pathname: string, to: string, end: boolean): boolean {
  const target = new URL(to, 'http://router.invalid').pathname.replace(/(.)\/$/, '$1').toLowerCase()
  const current = pathname.toLowerCase()
  if (current === target || current === `${target}/`) return true
  return !end && target !== '/' && current.startsWith(`${target}/`)
}

/** A link that knows it leads to the current page: aria-current="page", and an `active` class or state. */
export function NavLink({ className, end = false, ...link }: NavLinkProps) {
  const active = isActive(useLocation().pathname, link.to, end)
  const classes =
    typeof className === 'function'
      ? className({ isActive: active })
      : [className, active ? 'active' : undefined].filter(Boolean).join(' ') || undefined
  return <Link {...link} className={classes} aria-current={active ? 'page' : undefined} />
}

/** Moves to `to` as soon as it renders. */
export function Navigate({ to, replace }: { to: string; replace?: boolean }): ReactNode {
  const navigate = useNavigate()
  useEffect(() => void navigate(to, { replace }), [navigate, to, replace])
  return null
}
