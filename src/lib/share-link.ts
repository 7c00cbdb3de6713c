// Sharing a link: the system share sheet where there is one (phones), else the link copied to the clipboard.

export type Shared = 'shared' | 'copied' | 'cancelled'

/** Shares `data.url`; 'cancelled' when the user closed the share sheet. Throws when neither way works. */
export async function shareLink(data: { title: string; text: string; url: string }): Promise<Shared> {
  try {
    if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
      await navigator.share(data)
      return 'shared'
    }
    await navigator.clipboard.writeText(data.url)
    return 'copied'
  } catch (error) {
    if ((error as Error).name === 'AbortError') return 'cancelled'
    throw error
  }
}
