// What the app stored after sign-in and what the server thinks of it.
import type { Page } from 'playwright-core'

export interface StoredAuth {
  wallet: string | null
  accessToken: string | null
  refreshToken: string | null
}

export function storedAuth(page: Page): Promise<StoredAuth> {
  return page.evaluate(() => ({
    wallet: localStorage.getItem('wallet'),
    accessToken: localStorage.getItem('accessToken'),
    refreshToken: localStorage.getItem('refreshToken'),
  }))
}

export interface Me {
  wallet_address: string
  email: string
}

/** GET /api/users/me/ with the page's stored access token: the server's view of who is signed in. */
export async function serverMe(baseUrl: string, page: Page): Promise<Me> {
  const { accessToken } = await storedAuth(page)
  if (!accessToken) throw new Error('no accessToken in localStorage')
  const response = await fetch(`${baseUrl}/api/users/me/`, {
    headers: { authorization: `Bearer ${accessToken}` },
  })
  if (!response.ok)
    throw new Error(`GET /api/users/me/ answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as Me
}
