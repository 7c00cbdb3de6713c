import bs58 from 'bs58'
import { encodeAccount, type AccountEncoding } from '../account-format'
import type { ChainState } from '../chain-state'
import { RpcError, invalidParams } from '../errors'
import { submitTransaction } from '../executor'
import { TOKEN_AIRDROP_CAP, tokenFaucetTransaction } from '../token-faucet'
import { readMint, readTokenAccount, TOKEN_PROGRAMS, uiTokenAmount } from '../token-accounts'
import { withContext } from './cluster'
import { config, pubkey, type Params } from './params'

/**
 * SPL Token reads (balances, accounts by owner, supply) as a node answers them, and the test USDC faucet.
 * @see https://solana.com/docs/rpc/http/gettokenaccountbalance
 * @see https://solana.com/docs/rpc/http/gettokenaccountsbyowner
 */
export function tokenMethods(chain: ChainState) {
  let airdrops = 0
  const accountOf = (address: string) => chain.account(address)
  const decimalsOf = (mint: string) => {
    const acc = accountOf(mint)
    return (acc && readMint(acc)?.decimals) ?? 0
  }
  return {
    getTokenAccountBalance: (p: Params) => {
      const acc = accountOf(pubkey(p, 0))
      if (!acc) throw invalidParams('Invalid param: could not find account')
      const token = readTokenAccount(acc)
      if (!token) throw invalidParams('Invalid param: not a Token account')
      return withContext(chain, uiTokenAmount(token.amount, decimalsOf(token.mint)))
    },
    getTokenSupply: (p: Params) => {
      const acc = accountOf(pubkey(p, 0))
      const mint = acc && readMint(acc)
      if (!mint) throw invalidParams('Invalid param: not a Token mint')
      return withContext(chain, uiTokenAmount(mint.supply, mint.decimals))
    },
    getTokenAccountsByOwner: (p: Params) => {
      const owner = pubkey(p, 0)
      const filter = config(p, 1)
      const encoding = config(p, 2).encoding as AccountEncoding | undefined
      let programs: string[]
      let mint: string | undefined
      if (typeof filter.mint === 'string') {
        mint = pubkey([filter.mint], 0)
        const mintAcc = accountOf(mint)
        const program = mintAcc && readMint(mintAcc)?.programId
        if (!program) throw invalidParams('Invalid param: could not find mint')
        programs = [program]
      } else if (typeof filter.programId === 'string') {
        if (!TOKEN_PROGRAMS.has(filter.programId))
          throw invalidParams('Invalid param: unrecognized Token program id')
        programs = [filter.programId]
      } else throw invalidParams('Invalid params: expected a mint or programId filter')
      const value = programs.flatMap((program) =>
        chain.svm.getProgramAccounts(bs58.decode(program)).flatMap((entry) => {
          const acc = entry.account()
          const token = readTokenAccount(acc)
          if (!token || token.owner !== owner || (mint !== undefined && token.mint !== mint)) return []
          return [{ pubkey: bs58.encode(entry.address), account: encodeAccount(acc, encoding, accountOf) }]
        }),
      )
      return withContext(chain, value)
    },
    /** Ours: the ledger's test USDC mint, for servers that attach to it. */
    getTestUsdcMint: () => chain.usdcMint,
    /**
     * Ours, beside requestAirdrop: mints `amount` base units of the ledger's test USDC to the owner's associated
     * token account, opening it when missing (amount 0 only opens it). Returns the transaction's signature.
     */
    requestTokenAirdrop: (p: Params) => {
      const owner = pubkey(p, 0)
      const amount = p[1]
      if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0)
        throw invalidParams('Invalid params: invalid amount')
      if (BigInt(amount) > TOKEN_AIRDROP_CAP)
        throw new RpcError(-32600, `token airdrop request too large; cap: ${TOKEN_AIRDROP_CAP} base units`)
      const bytes = tokenFaucetTransaction(
        chain.faucetSecret,
        chain.usdcAuthority,
        chain.usdcMint,
        owner,
        BigInt(amount),
        chain.latestBlockhash,
        airdrops++,
      )
      return submitTransaction(chain, bytes, false)
    },
  }
}
