// Accounts and sign-in calls (docs/interfaces.md).
import type { CheckWalletResponse, Me, NonceResponse, TokenPair } from '../../api-contract/users'
import type { ApiClient } from './api-client'

export function fetchNonce(api: ApiClient, walletAddress: string) {
  return api.get<NonceResponse>('users/nonce/', { query: { wallet_address: walletAddress } })
}

export function checkWallet(api: ApiClient, walletAddress: string) {
  return api.get<CheckWalletResponse>('users/check-wallet/', { query: { wallet_address: walletAddress } })
}

export function login(api: ApiClient, body: { wallet_address: string; signature: string; message: string }) {
  return api.post<TokenPair>('users/login/', body)
}

export function register(
  api: ApiClient,
  body: { wallet_address: string; email: string; signature: string; message: string },
) {
  return api.post<TokenPair>('users/register/', body)
}

export function fetchMe(authApi: ApiClient) {
  return authApi.get<Me>('users/me/')
}

export function logout(api: ApiClient, refresh: string) {
  return api.post<void>('users/logout/', { refresh })
}
