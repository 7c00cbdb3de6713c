import bs58 from 'bs58'
import type { Account } from 'litesvm/dist/internal.js'
import { invalidParams } from './errors'
import { parsedTokenData } from './token-accounts'

export type AccountEncoding = 'base64' | 'base58' | 'jsonParsed' | 'base64+zstd'

/** rentEpoch of rent-exempt accounts on a current cluster: u64::MAX, which JSON carries as a lossy number. */
const RENT_EXEMPT_EPOCH = Number(2n ** 64n - 1n)

/**
 * An account as getAccountInfo shows it. `jsonParsed` parses token accounts and mints (their decimals read through
 * `accountOf`) and falls back to base64, as a node does for data it has no parser for (System accounts have none).
 * @see https://solana.com/docs/rpc/http/getaccountinfo
 */
export function encodeAccount(
  acc: Account,
  encoding: AccountEncoding = 'base64',
  accountOf: (address: string) => Account | null = () => null,
) {
  const data = acc.data()
  let encoded: unknown
  const parsed = encoding === 'jsonParsed' ? parsedTokenData(acc, accountOf) : undefined
  if (parsed) {
    encoded = parsed
  } else if (encoding === 'base58') {
    if (data.length > 128)
      throw invalidParams(
        'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
      )
    encoded = [bs58.encode(data), 'base58']
  } else if (encoding === 'base64+zstd') {
    throw invalidParams('base64+zstd encoding is not supported by the local ledger')
  } else {
    encoded = [Buffer.from(data).toString('base64'), 'base64']
  }
  return {
    data: encoded,
    executable: acc.executable(),
    lamports: Number(acc.lamports()),
    owner: bs58.encode(acc.owner()),
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: data.length,
  }
}
