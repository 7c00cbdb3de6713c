// 'Share': the system share sheet where there is one (phones), else the link copied. Shares the page link,
// which unfurls as a card in chats (server-side Open Graph tags) and as a blink where clients support it.
import { useSetAtom } from 'jotai'
import type { Emergency } from '../../../api-contract/emergencies'
import { buttonClass } from '../../components/button'
import { pushToastAtom } from '../../state/toast.atoms'
import { donatePageUrl } from './solana-pay'

export const SHARE_TEXT = {
  button: 'Share',
  copied: 'Link copied. Paste it anywhere to share this emergency.',
  failed: 'Could not share the link.',
}

export function ShareButton({ emergency }: { emergency: Emergency }) {
  const toast = useSetAtom(pushToastAtom)
  const share = async () => {
    const url = donatePageUrl(window.location.origin, emergency.id)
    const data = { title: emergency.title, text: `Help: ${emergency.title}`, url }
    try {
      if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
        await navigator.share(data)
        return
      }
      await navigator.clipboard.writeText(url)
      toast({ kind: 'success', text: SHARE_TEXT.copied })
    } catch (error) {
      // The donor closing the share sheet is not a failure.
      if ((error as Error).name === 'AbortError') return
      console.warn('share failed', error)
      toast({ kind: 'error', text: SHARE_TEXT.failed })
    }
  }
  return (
    <button type="button" className={buttonClass('secondary')} onClick={share}>
      <span aria-hidden="true">↗ </span>
      {SHARE_TEXT.button}
    </button>
  )
}
