// The local test USDC faucet (local mode only; server/modules/faucet): the Sandbox wallet tops itself up with it.
import type { FaucetAnswer, FaucetRequest } from '../../api-contract/faucet'
import type { ApiClient } from './api-client'

/** Mints `amount` whole test USDC to the wallet (its USDC account opened when missing). */
export const requestTestUsdc = (api: ApiClient, walletAddress: string, amount: number) =>
  api.post<FaucetAnswer>('faucet/', {
    wallet_address: walletAddress,
    asset: 'usdc',
    amount,
  } satisfies FaucetRequest)
