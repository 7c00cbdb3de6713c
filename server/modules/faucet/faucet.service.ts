// The local test USDC faucet: mints the local ledger's test USDC to a wallet's associated token account (opened
// when missing), through the ledger's requestTokenAirdrop. Only ever wired in local mode.
import { PublicKey } from '@solana/web3.js'
import type { FaucetAnswer, FaucetRequest } from '../../../api-contract/faucet'
import { associatedTokenAddress, USDC_DECIMALS } from '../../../api-contract/usdc-gift'
import type { RpcClient } from '../../chain/rpc-client'
import { isBase58PublicKey } from '../../config'
import { badRequest } from '../../lib/errors'

export function faucetService({ rpc, usdcMint }: { rpc: RpcClient; usdcMint: string }) {
  const mint = new PublicKey(usdcMint)
  return {
    async give(request: FaucetRequest): Promise<FaucetAnswer> {
      if (!isBase58PublicKey(request.wallet_address))
        throw badRequest('invalid_wallet', 'wallet_address is not a Solana address.')
      const owner = new PublicKey(request.wallet_address)
      const units = BigInt(request.amount) * 10n ** BigInt(USDC_DECIMALS)
      // An unreachable ledger throws LedgerUnavailable: 503 by the error handler.
      const signature = await rpc.call<string>('requestTokenAirdrop', [owner.toBase58(), Number(units)])
      return {
        signature,
        asset: 'usdc',
        amount: String(request.amount),
        token_account: associatedTokenAddress(owner, mint).toBase58(),
      }
    },
  }
}
