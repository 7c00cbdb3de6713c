import bs58 from 'bs58'
import type { ChainState } from '../chain-state'
import { encodeAccount } from '../account-format'
import { RpcError, invalidParams } from '../errors'
import { submitTransaction } from '../executor'
import { simulateTransaction } from '../simulate'
import { AIRDROP_CAP_LAMPORTS, faucetTransfer } from '../faucet'
import { confirmationStatus, depthFor, signatureStatus } from '../records'
import { formatTransaction } from '../tx-format'
import { withContext } from './cluster'
import { commitment, config, minContextSlot, pubkey, signature, wireBytes, type Params } from './params'

const SOL = 1_000_000_000

/** Sending, simulating and reading transactions. */
export function transactionMethods(chain: ChainState) {
  let airdrops = 0
  return {
    sendTransaction: (p: Params) => {
      const c = config(p, 1)
      return submitTransaction(chain, wireBytes(p[0], c.encoding), c.skipPreflight === true)
    },
    simulateTransaction: (p: Params) => {
      const c = config(p, 1)
      const { postAccounts, ...value } = simulateTransaction(chain, wireBytes(p[0], c.encoding), {
        sigVerify: c.sigVerify === true,
        replaceRecentBlockhash: c.replaceRecentBlockhash === true,
      })
      const wanted = (c.accounts as { addresses?: unknown } | undefined)?.addresses
      if (!Array.isArray(wanted)) return withContext(chain, value)
      const post = new Map(postAccounts.map((a) => [bs58.encode(a.address), a.account()]))
      const accounts = wanted.map((_, i) => {
        const address = pubkey(wanted, i)
        const acc = post.get(address) ?? chain.account(address)
        return acc && acc.lamports() > 0n ? encodeAccount(acc) : null
      })
      return withContext(chain, { ...value, accounts })
    },
    requestAirdrop: (p: Params) => {
      const to = pubkey(p, 0)
      const lamports = p[1]
      if (typeof lamports !== 'number' || !Number.isSafeInteger(lamports) || lamports <= 0)
        throw invalidParams('Invalid params: invalid lamports')
      if (BigInt(lamports) > AIRDROP_CAP_LAMPORTS) {
        throw new RpcError(
          -32600,
          `airdrop request too large; req: ◎${lamports / SOL}, cap: ◎${Number(AIRDROP_CAP_LAMPORTS) / SOL}`,
        )
      }
      const bytes = faucetTransfer(
        chain.faucetSecret,
        to,
        BigInt(lamports),
        chain.latestBlockhash,
        airdrops++,
      )
      return submitTransaction(chain, bytes, false)
    },
    getSignatureStatuses: (p: Params) => {
      const sigs = p[0]
      if (!Array.isArray(sigs)) throw invalidParams('Invalid params: expected an array of signatures')
      if (sigs.length > 256) throw invalidParams('Too many inputs provided; max 256')
      return withContext(
        chain,
        sigs.map((s) => {
          const rec = chain.records.get(signature(s))
          return rec ? signatureStatus(rec, chain.slot) : null
        }),
      )
    },
    getTransaction: (p: Params) => {
      const sig = signature(p[0])
      const c = typeof p[1] === 'string' ? { encoding: p[1] } : config(p, 1)
      const level = commitment(c)
      if (level === 'processed') throw invalidParams('Method does not support commitment below `confirmed`')
      const max = c.maxSupportedTransactionVersion
      if (max !== undefined && max !== null && typeof max !== 'number')
        throw invalidParams('Invalid params: maxSupportedTransactionVersion')
      const rec = chain.records.get(sig)
      if (!rec || chain.slot - rec.slot < depthFor(level)) return null
      return formatTransaction(
        rec,
        (c.encoding as 'json' | undefined) ?? 'json',
        (max as number | null | undefined) ?? undefined,
      )
    },
    getSignaturesForAddress: (p: Params) => {
      const address = pubkey(p, 0)
      const c = config(p, 1)
      const level = commitment(c)
      if (level === 'processed') throw invalidParams('Method does not support commitment below `confirmed`')
      const limit = c.limit ?? 1000
      if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > 1000)
        throw invalidParams('Invalid limit; max 1000')
      minContextSlot(chain, c)
      const recs = chain.records.forAddress(address, {
        limit,
        before: c.before === undefined || c.before === null ? undefined : signature(c.before),
        until: c.until === undefined || c.until === null ? undefined : signature(c.until),
        minDepth: depthFor(level),
        slot: chain.slot,
      })
      return recs.map((r) => ({
        signature: r.signature,
        slot: r.slot,
        err: r.err,
        memo: r.memo,
        blockTime: r.blockTime,
        confirmationStatus: confirmationStatus(r, chain.slot),
      }))
    },
  }
}
