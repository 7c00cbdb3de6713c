// A button that shares a link: the system share sheet where there is one (phones), else the link copied, said in a
// toast. Closing the share sheet is not a failure.
import { useSetAtom } from 'jotai'
import type { ReactNode } from 'react'
import { pushToastAtom } from '../state/toast.atoms'
import { buttonClass } from './button'

export interface SharedLink {
  title: string
  text: string
  url: string
}

export function ShareLinkButton({
  link,
  copied,
  failed,
  children,
}: {
  /** what to share, read at the tap (the page's origin is known only in the browser) */
  link: () => SharedLink
  /** the toast after the link was copied */
  copied: string
  /** the toast when neither way worked */
  failed: string
  children: ReactNode
}) {
  const toast = useSetAtom(pushToastAtom)
  const share = async () => {
    const data = link()
    try {
      if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
        await navigator.share(data)
        return
      }
      await navigator.clipboard.writeText(data.url)
      toast({ kind: 'success', text: copied })
    } catch (error) {
      if ((error as Error).name === 'AbortError') return
      console.warn('share failed', error)
      toast({ kind: 'error', text: failed })
    }
  }
  return (
    <button type="button" className={buttonClass('secondary')} onClick={share}>
      {children}
    </button>
  )
}
