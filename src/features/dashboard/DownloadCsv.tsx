// A CSV download (issue 31): the server streams the file, and the browser saves it to disk as it arrives, through a
// one-minute link that needs no Authorization header (POST download-links/), instead of holding it in the tab.
import { buttonClass } from '../../components/button'
import { downloadLink } from '../../lib/receipts.api'
import { authApi } from '../../state/api'
import { useSubmit } from '../../state/use-submit'

export const CSV_TEXT = {
  myDonations: 'Download CSV',
  emergency: 'Donations CSV',
  failed: 'Could not start the download.',
} as const

export function DownloadCsv({ path, label }: { path: string; label: string }) {
  const { busy, submit: send } = useSubmit()
  const download = async () => {
    const link = await send(() => downloadLink(authApi, path), { failed: CSV_TEXT.failed, formless: true })
    // Navigating to an attachment downloads it and leaves the page as it is.
    if (link?.ok) window.open(link.value.url, '_self')
  }
  return (
    <button type="button" className={buttonClass('secondary')} disabled={busy} onClick={download}>
      {label}
    </button>
  )
}
