// The ledger's clock, for times that are compared with block times. An emergency's wallet history stamps each change
// of receiving wallet, and a donation is credited to the wallet the emergency had at the transaction's block time
// (± 60 s): stamped by a host clock minutes off, a donation made right after a change would be refused. So the stamp
// is the ledger's time: the host clock plus the offset to the ledger's, measured with one RPC call (the Clock
// sysvar's unix_timestamp, the time the cluster gives its current slot) at most once a minute. When the ledger
// cannot be reached the last offset stands (none yet: the host clock), so a wallet change never waits for the chain.
import type { Clock } from '../lib/clock'
import type { RpcClient } from './rpc-client'

/** The Clock sysvar (slot, epoch start, epoch, leader schedule epoch, unix_timestamp: i64 at byte 32). */
const CLOCK_SYSVAR = 'SysvarC1ock11111111111111111111111111111111'
const UNIX_TIMESTAMP_AT = 32
/** How long a measured offset is used before the next measurement (by the host clock). */
const MEASURE_EVERY_MS = 60_000
/** An offset beyond this is logged: tokens, nonces and reference expiry still run on the host clock. */
export const LARGE_SKEW_MS = 60_000

export interface LedgerClock {
  /** The ledger's time now (the host clock corrected by the last measured offset). */
  now(): Promise<Date>
}

/**
 * The cluster's time of its current slot at `confirmed` (Solana's stake-weighted timestamp, which block times
 * are). Throws LedgerUnavailable when the ledger cannot be reached.
 * @see https://docs.anza.xyz/runtime/sysvars#clock
 */
export async function ledgerTime(rpc: RpcClient): Promise<Date> {
  const info = await rpc.call<{ value: { data: [string, string] } | null }>('getAccountInfo', [
    CLOCK_SYSVAR,
    { encoding: 'base64', commitment: 'confirmed' },
  ])
  const data = Buffer.from(info.value?.data[0] ?? '', 'base64')
  if (data.length < UNIX_TIMESTAMP_AT + 8) throw new Error('the ledger has no Clock sysvar')
  return new Date(Number(data.readBigInt64LE(UNIX_TIMESTAMP_AT)) * 1000)
}

export function ledgerClock(
  rpc: RpcClient,
  host: Clock,
  log: { warn(o: object, m: string): void },
): LedgerClock {
  let offsetMs = 0
  let measuredAt: number | undefined
  let measuring: Promise<void> | undefined
  let warned = false

  async function measure(): Promise<void> {
    const before = host().getTime()
    try {
      const ledger = await ledgerTime(rpc)
      offsetMs = ledger.getTime() - Math.round((before + host().getTime()) / 2)
    } catch (error) {
      log.warn({ err: error }, 'ledger clock: could not read the ledger time; using the last known offset')
    }
    measuredAt = host().getTime()
    const large = Math.abs(offsetMs) > LARGE_SKEW_MS
    if (large && !warned)
      log.warn(
        { offsetSeconds: Math.round(offsetMs / 1000) },
        "the host clock is off the ledger's by more than a minute: wallet changes are stamped with the ledger's " +
          'time, but sign-in nonces, tokens and Action references expire by the host clock (run NTP)',
      )
    warned = large
  }

  return {
    async now() {
      const age = measuredAt === undefined ? Infinity : Math.abs(host().getTime() - measuredAt)
      if (age >= MEASURE_EVERY_MS) await (measuring ??= measure().finally(() => (measuring = undefined)))
      return new Date(host().getTime() + offsetMs)
    },
  }
}
