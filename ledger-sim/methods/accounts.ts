import type { ChainState } from '../chain-state'
import { encodeAccount, type AccountEncoding } from '../account-format'
import { invalidParams } from '../errors'
import { withContext } from './cluster'
import { config, pubkey, type Params } from './params'

/** Account reads. State is the tip's (processed) whatever the commitment asked for. */
export function accountMethods(chain: ChainState) {
  const info = (address: string, encoding: AccountEncoding | undefined) => {
    const acc = chain.account(address)
    return acc ? encodeAccount(acc, encoding, (a) => chain.account(a)) : null
  }
  return {
    getBalance: (p: Params) => withContext(chain, Number(chain.balance(pubkey(p, 0)))),
    getAccountInfo: (p: Params) => {
      const address = pubkey(p, 0)
      return withContext(chain, info(address, config(p, 1).encoding as AccountEncoding | undefined))
    },
    getMultipleAccounts: (p: Params) => {
      const list = p[0]
      if (!Array.isArray(list)) throw invalidParams('Invalid params: expected an array of public keys')
      if (list.length > 100) throw invalidParams('Too many inputs provided; max 100')
      const encoding = config(p, 1).encoding as AccountEncoding | undefined
      return withContext(
        chain,
        list.map((_, i) => info(pubkey(list, i), encoding)),
      )
    },
  }
}
