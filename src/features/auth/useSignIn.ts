// The sign-in sequence shared by /login, the navbar's Connect Wallet and automatic login,
// run as a pending action so a wallet deep link's round trip does not lose it (src/sign-in/sign-in.flows.ts).
import { useCallback } from 'react'
import { useFlows } from '../../flows/use-flows'
import type { SignInInput } from '../../sign-in/sign-in.flows'

export { MOBILE_WALLET_ADAPTER } from '../../sign-in/sign-in.flows'

export type SignInRequest = SignInInput

export function useSignIn() {
  const { start } = useFlows()
  return useCallback(
    (request: SignInRequest) => start('sign-in', request, { automatic: request.auto }),
    [start],
  )
}
