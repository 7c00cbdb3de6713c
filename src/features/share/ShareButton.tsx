// 'Share': the system share sheet where there is one (phones), else the link copied. Shares the page link,
// which unfurls as a card in chats (server-side Open Graph tags) and as a blink where clients support it.
import { useSetAtom } from 'jotai'
import type { Emergency } from '../../../api-contract/emergencies'
import { buttonClass } from '../../components/button'
import { shareLink } from '../../lib/share-link'
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
    try {
      const shared = await shareLink({ title: emergency.title, text: `Help: ${emergency.title}`, url })
      if (shared === 'copied') toast({ kind: 'success', text: SHARE_TEXT.copied })
    } catch (error) {
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
