// 'Share': the system share sheet where there is one (phones), else the link copied. Shares the page link,
// which unfurls as a card in chats (server-side Open Graph tags) and as a blink where clients support it.
import type { Emergency } from '../../../api-contract/emergencies'
import { ShareLinkButton } from '../../components/ShareLinkButton'
import { donatePageUrl } from './solana-pay'

export const SHARE_TEXT = {
  button: 'Share',
  copied: 'Link copied. Paste it anywhere to share this emergency.',
  failed: 'Could not share the link.',
}

export function ShareButton({ emergency }: { emergency: Emergency }) {
  const link = () => ({
    title: emergency.title,
    text: `Help: ${emergency.title}`,
    url: donatePageUrl(window.location.origin, emergency.id),
  })
  return (
    <ShareLinkButton link={link} copied={SHARE_TEXT.copied} failed={SHARE_TEXT.failed}>
      <span aria-hidden="true">↗ </span>
      {SHARE_TEXT.button}
    </ShareLinkButton>
  )
}
