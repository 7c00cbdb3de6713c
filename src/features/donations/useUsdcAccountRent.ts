// Before a USDC donor signs: does the campaign's wallet have a USDC account yet? When it has none, the gift opens it
// and the donor pays its rent (about 0.002 SOL), which the form shows. Read through the ledger's RPC (config
// rpc_url) once the donor is giving USDC; the address is derived by the lazily loaded payment code (web3.js never
// reaches the first screen).
import { ledgerRpc } from '../../lib/ledger-rpc'
import { useLoad } from '../../lib/use-load'
import { useConfig } from '../../state/config'

/** The rent in lamports the gift adds (0n: the account exists); null while unknown or not giving USDC. */
export function useUsdcAccountRent(owner: string, givingUsdc: boolean): bigint | null {
  const config = useConfig()
  const mint = config?.usdc_mint ?? null
  const { data } = useLoad(
    async () => {
      const { usdcAccountRent } = await import('../../payment/usdc-transaction')
      return usdcAccountRent(ledgerRpc(config?.rpc_url ?? ''), owner, mint ?? '')
    },
    `usdc-account-rent:${owner}:${mint}`,
    { enabled: givingUsdc && mint !== null && config !== null },
  )
  return givingUsdc ? data : null
}
