// The spec's sign-in texts ("Toasts"), in one place.
import { walletFailureOf } from '../state/wallet.atoms'

export const MSG = {
  notRegistered: 'Wallet not registered',
  notRegisteredToast: 'Wallet not registered. Redirecting...',
  walletSwitched: 'Wallet switched! Please login again.',
  walletChanged: 'Wallet changed. Please reconnect.',
  noWallet: 'No wallet connected.',
  walletNotConnected: 'Wallet not connected.',
  invalidEmail: 'Please enter a valid email.',
  signingFailed: 'Message signing failed',
  connectFailed: 'Wallet connect failed',
  loginFailed: 'Login failed.',
  checkFailed: 'Wallet check failed.',
  registerFailed: 'Registration failed. Please ensure your email is valid.',
  loginOk: 'Login successful!',
  autoLoginOk: 'Auto login successful!',
  connected: 'Wallet Connected!',
  registered: 'Registration successful!',
} as const

/**
 * 'User rejected Phantom connection.' and its Solflare twin; a deep-link wallet's own text ('Phantom deep link not
 * configured.', 'Phantom not connected.'); any other failure is the generic toast text.
 */
export function connectErrorText(walletName: string, error: unknown): string {
  const failure = walletFailureOf(error)
  if (failure) return failure.message
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error)
  const rejected = /reject|denied|cancel/i.test(text)
  if (rejected && (walletName === 'Phantom' || walletName === 'Solflare'))
    return `User rejected ${walletName} connection.`
  return MSG.connectFailed
}
