// The sign-in sequence shared by /login, the navbar's Connect Wallet and automatic login,
// run as a pending action so a wallet deep link's round trip does not lose it (src/state/auth.flows.ts).
import { useCallback } from 'react'
import { useActions } from '../../state/actions'
import type { SignInInput } from '../../state/auth.flows'

export { MOBILE_WALLET_ADAPTER } from '../../state/auth.flows'

export type SignInRequest = SignInInput

export function useSignIn() {
  const { start } = useActions()
  return useCallback(
    (request: SignInRequest) => start('sign-in', request, { automatic: request.auto }),
    [start],
  )
}
